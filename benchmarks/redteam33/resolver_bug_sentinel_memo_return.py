"""Decode backend memoising whether it may read the shared KV cache, with a sentinel default."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_UNSET = object()


@dataclass
class DecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self.swa_pool = self._resolve_swa_pool()
        self.forward_metadata = DecodeMetadata()

    def _may_read_shared_cache(self) -> bool:
        cached = self.__dict__.get("_shared_cache_ok", _UNSET)
        if cached is _UNSET:
            mr = self.model_runner
            self._shared_cache_ok = not mr.is_draft_worker or mr.spec_algorithm.is_frozen_kv_mtp()
        return cached

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        mr = self.model_runner
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if not self._may_read_shared_cache():
            return None
        kvcache = mr.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = DecodeMetadata(
            seq_lens=forward_batch.seq_lens,
            out_cache_loc=forward_batch.out_cache_loc,
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
