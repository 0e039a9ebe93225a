"""Pick the hybrid SWA pool from the caches a runner can attend over.

The runner's own pool is always a candidate; the allocator's registered
cache is added unless this is a draft with a private cache.
"""

from typing import Iterable, List, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _candidate_pools(model_runner) -> List[KVCache]:
    pools: List[KVCache] = [model_runner.token_to_kv_pool]
    private_draft = (
        model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    if not private_draft:
        pools.append(model_runner.token_to_kv_pool_allocator.get_kvcache())
    return pools


def _first_swa(pools: Iterable[KVCache]) -> Optional[SWAKVPool]:
    return next((p for p in pools if isinstance(p, SWAKVPool)), None)


class GeneratedAttnBackend:
    def __init__(self, model_runner, sm_scale: Optional[float] = None):
        self.sm_scale = sm_scale
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = _first_swa(_candidate_pools(model_runner))

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
