"""Decode backend translating through the allocator only when its kvcache is the resolved SWA pool."""

import logging
from typing import Callable, Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _resolve_swa_pool(model_runner)
        allocator = model_runner.token_to_kv_pool_allocator
        self._to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        if self.swa_kv_pool is not None:
            if self.swa_kv_pool is allocator.get_kvcache():
                # same cache: the allocator's translator also checks the mapping
                self._to_swa = allocator.translate_loc_from_full_to_swa
            else:
                self._to_swa = self.swa_kv_pool.translate_loc_from_full_to_swa

    def forward_decode(self, loc):
        if self._to_swa is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self._to_swa(loc)
