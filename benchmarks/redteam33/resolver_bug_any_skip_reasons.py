"""Decode backend listing its reasons not to use the shared SWA pool and checking any() of them."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata()

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        reasons_to_skip = (
            allocator is None,
            model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp(),
        )
        if any(reasons_to_skip):
            return None
        kvcache = allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = DecodeMetadata(
            cache_seqlens=forward_batch.seq_lens[:bs].to(torch.int32),
            out_cache_loc=forward_batch.out_cache_loc,
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
