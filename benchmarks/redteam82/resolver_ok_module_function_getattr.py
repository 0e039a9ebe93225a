"""Shared helper resolving the SWA pool for NSA/hybrid decode backends.

Kept as a module-level function so prefill and decode backends resolve identically.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool
    is_draft = getattr(model_runner, "is_draft_worker", False)
    spec_algorithm = getattr(model_runner, "spec_algorithm", None)
    frozen_kv = spec_algorithm is not None and spec_algorithm.is_frozen_kv_mtp()
    if is_draft and not frozen_kv:
        return None
    allocator_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(allocator_pool, SWAKVPool):
        return allocator_pool
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 2048):
        self.topk = topk
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = get_swa_kv_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
