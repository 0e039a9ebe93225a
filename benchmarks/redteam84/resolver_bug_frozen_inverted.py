"""Decode backend with a speculative-aware resolver for the sliding-window KV pool.

Draft workers of frozen-KV MTP do not own any KV of their own, so the resolver skips them;
otherwise it falls back to the allocator's registered cache.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _SWAPoolResolver:
    def __init__(self, model_runner):
        self._runner = model_runner

    def _skip_fallback(self) -> bool:
        r = self._runner
        return r.is_draft_worker and r.spec_algorithm.is_frozen_kv_mtp()

    def resolve(self) -> Optional[SWAKVPool]:
        pool = self._runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if self._skip_fallback():
            return None
        backing = self._runner.token_to_kv_pool_allocator.get_kvcache()
        return backing if isinstance(backing, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _SWAPoolResolver(model_runner).resolve()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
