"""SWA pool resolution with an ordered list of lookup strategies.

Each strategy returns a pool or ``None``; the first hit wins and the ``for`` loop's
``else`` clause records that the runner is full-attention only. Draft workers that own
their KV (regular EAGLE) stop before the shared allocator is consulted.
"""

import logging
from typing import Callable, List, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _from_active_pool(runner) -> Optional[SWAKVPool]:
    pool = runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _from_shared_allocator(runner) -> Optional[SWAKVPool]:
    if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    cache = runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


_STRATEGIES: List[Callable] = [_from_active_pool, _from_shared_allocator]


def resolve_swa_pool(runner) -> Optional[SWAKVPool]:
    for strategy in _STRATEGIES:
        pool = strategy(runner)
        if pool is not None:
            break
    else:
        logger.debug("No SWA pool for runner (draft=%s)", runner.is_draft_worker)
        pool = None
    return pool


class GeneratedAttnBackend:
    def __init__(self, model_runner, q_dtype: Optional[torch.dtype] = None):
        self.model_runner = model_runner
        self.q_dtype = q_dtype or torch.bfloat16
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
