"""Pluggable SWA pool resolution with an ordered resolver chain.

Each registered resolver returns ``(done, pool)``. A resolver can end the chain with
``(True, None)`` to state that this runner has no SWA pool, which is how draft workers that
own a separate full-attention pool opt out of the allocator fallback.
"""

from __future__ import annotations

import logging
from typing import Callable, List, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

Step = Callable[[object], Tuple[bool, Optional[SWAKVPool]]]
SWA_RESOLUTION_CHAIN: List[Step] = []


def resolution_step(fn: Step) -> Step:
    SWA_RESOLUTION_CHAIN.append(fn)
    return fn


@resolution_step
def _from_active_pool(model_runner):
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return True, pool
    return False, None


@resolution_step
def _draft_owns_full_pool(model_runner):
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return True, None
    return False, None


@resolution_step
def _from_allocator(model_runner):
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return True, (kvcache if isinstance(kvcache, SWAKVPool) else None)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    for step in SWA_RESOLUTION_CHAIN:
        done, pool = step(model_runner)
        if done:
            logger.debug("swa resolution stopped at %s -> %s", step.__name__, pool)
            return pool
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, window_left: int = -1):
        self.window_left = window_left
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
