"""FlashAttention-style backend that resolves its SWA pool lazily and caches it behind a sentinel."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_UNRESOLVED = object()


@dataclass
class FlashDecodeMetadata:
    cu_seqlens_q: Optional[torch.Tensor] = None
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self._swa_pool_cache = _UNRESOLVED
        self.forward_metadata = FlashDecodeMetadata()

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        if self._swa_pool_cache is _UNRESOLVED:
            self._swa_pool_cache = self._resolve_swa_pool()
            logger.debug("resolved swa pool: %s", type(self._swa_pool_cache).__name__)
        return self._swa_pool_cache

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self._runner
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kv = runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = FlashDecodeMetadata(
            cu_seqlens_q=torch.arange(bs + 1, dtype=torch.int32),
            cache_seqlens_int32=forward_batch.seq_lens[:bs].to(torch.int32),
        )

    def forward_decode(self, loc):
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.token_to_kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
