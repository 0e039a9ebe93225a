"""Defensive SWA pool lookup for runners built by plugins.

Out-of-tree workers may construct runners without a speculative algorithm;
missing attributes are treated as a plain (non-speculative) target.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm


def _spec_algorithm(model_runner):
    return getattr(model_runner, "spec_algorithm", None) or SpeculativeAlgorithm.NONE


def _reads_target_cache(model_runner) -> bool:
    """Whether this runner reads KV written by another runner."""
    if not getattr(model_runner, "is_draft_worker", False):
        return True
    return _spec_algorithm(model_runner).is_frozen_kv_mtp()


def lookup_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = getattr(model_runner, "token_to_kv_pool", None)
    if isinstance(active, SWAKVPool):
        return active
    if not _reads_target_cache(model_runner):
        return None
    allocator = getattr(model_runner, "token_to_kv_pool_allocator", None)
    cache = allocator.get_kvcache() if allocator is not None else None
    return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_layout: str = "NHD"):
        self.kv_layout = kv_layout
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = lookup_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
