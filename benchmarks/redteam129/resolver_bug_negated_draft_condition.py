"""Decode backend for hybrid SWA checkpoints (Gemma-style interleaved windows)."""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    """Keeps a handle on the sliding-window pool for decode-time lookups."""

    def __init__(self, model_runner, max_context_len: Optional[int] = None):
        self.max_context_len = max_context_len
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._lookup_swa_pool(model_runner)

    @staticmethod
    def _lookup_swa_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        spec = model_runner.spec_algorithm
        if not model_runner.is_draft_worker or not spec.is_frozen_kv_mtp():
            cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(cache, SWAKVPool):
                return cache
        return None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
