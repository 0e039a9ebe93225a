"""Sliding-window aware decode backend used by target and draft workers."""

from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(model_runner) -> Optional[BaseSWAKVPool]:
    """Pick the hybrid pool whose SWA half backs this runner's decode reads.

    FROZEN_KV MTP drafts carry their own frozen SWA copy and must not be
    pointed at the target; every other runner follows the allocator's pool
    when its own pool is not already hybrid.
    """
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, (SWAKVPool, BaseSWAKVPool)):
        return pool
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, (SWAKVPool, BaseSWAKVPool)):
        return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_ragged: bool = False):
        self.use_ragged = use_ragged
        self.device = model_runner.device
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def _kv_source(self):
        return self.swa_pool if self.swa_pool is not None else self.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        source = self._kv_source()
        if source is self.swa_pool:
            loc = source.translate_loc_from_full_to_swa(loc)
        return source, loc
