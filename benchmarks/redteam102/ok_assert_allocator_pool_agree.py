"""Decode backend with a wiring sanity check between allocator and pool.

When this runner owns a sliding-window pool, the allocator that hands out its
indices must be the one registered with that pool (the index mapping lives on
the pool).  A mismatch means the scheduler miswired two runners.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVWiringError(RuntimeError):
    pass


def _check_wiring(pool: KVCache, allocator) -> None:
    if not isinstance(pool, SWAKVPool):
        return
    registered = allocator.get_kvcache()
    if registered is not pool:
        raise KVWiringError(
            f"SWA pool {type(pool).__name__} is not registered with allocator "
            f"{type(allocator).__name__} (allocator holds {type(registered).__name__})"
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner, check_wiring: bool = True):
        self.device = model_runner.device
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if check_wiring:
            _check_wiring(pool, allocator)
        self.token_to_kv_pool: KVCache = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.token_to_kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
