"""Sliding-window KV pool resolver for decode.

Draft workers built for FROZEN_KV_MTP have no sliding-window layers of their own,
so they skip the hybrid path; all other runners use the hybrid pool when the
runner or its allocator provides one.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = -1):
        super().__init__()
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.is_hybrid_swa = self.swa_pool is not None

    def forward_decode(self, loc: torch.Tensor):
        if not self.is_hybrid_swa:
            return self.token_to_kv_pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, swa_loc
