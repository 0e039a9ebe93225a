"""SWA pool resolver that accounts for draft workers with their own caches.

Draft workers normally carry a full-only cache. When the shared allocator's window
region covers the whole full region there is no separate window to read, so the
draft keeps its own cache; otherwise the hybrid cache behind the allocator is used.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _window_ratio(allocator) -> float:
    full = getattr(allocator, "size_full", 0) or 1
    return min(1.0, getattr(allocator, "size_swa", full) / full)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, topk: int = 1):
        super().__init__()
        self.topk = topk
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        allocator = model_runner.token_to_kv_pool_allocator
        ratio = _window_ratio(allocator)
        if model_runner.is_draft_worker and ratio >= 1.0:
            return None
        cache = allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
