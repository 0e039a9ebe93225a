"""Decode backend with a cached pool-source policy.

Which KV source a runner reads depends only on a few runner flags, so the
policy is memoised with ``functools.lru_cache`` and keyed by those flags.
"""

import functools
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

POOL = "pool"
ALLOCATOR = "allocator"
NONE = "none"


@functools.lru_cache(maxsize=None)
def _pool_source(pool_is_swa: bool, is_draft: bool, is_eagle: bool) -> str:
    if pool_is_swa:
        return POOL
    if is_draft and not is_eagle:
        return NONE
    return ALLOCATOR


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    source = _pool_source(
        isinstance(pool, SWAKVPool),
        bool(model_runner.is_draft_worker),
        model_runner.spec_algorithm.is_eagle(),
    )
    if source == POOL:
        return pool
    if source == ALLOCATOR:
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.decode_cuda_graph_metadata = {}

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        self.decode_cuda_graph_metadata["swa_loc"] = swa_loc
        return self.swa_pool, swa_loc
