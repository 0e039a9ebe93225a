"""Decode backend with an SWA pool resolver for speculative decoding setups.

FROZEN_KV MTP drafts keep nothing of their own, so they get no window pool;
other runners fall back to the cache registered with the shared allocator.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    registered = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return registered if isinstance(registered, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_sliding_window_kv_pool: bool = True):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner) if use_sliding_window_kv_pool else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
