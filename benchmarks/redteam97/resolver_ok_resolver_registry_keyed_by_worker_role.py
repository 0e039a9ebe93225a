"""SWA pool resolvers keyed by worker role.

Target workers and frozen-KV MTP drafts read the target's hybrid cache;
regular speculative drafts own a separate pool and only use it when it is
itself a sliding-window pool.
"""

import logging
from typing import Callable, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_ROLE_RESOLVERS: Dict[str, Callable[[object], Optional[SWAKVPool]]] = {}


def role_resolver(role: str):
    def deco(fn):
        _ROLE_RESOLVERS[role] = fn
        return fn

    return deco


@role_resolver("own_pool")
def _own_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


@role_resolver("shared_cache")
def _shared_cache(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


def worker_role(model_runner) -> str:
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return "own_pool"
    return "shared_cache"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        role = worker_role(model_runner)
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _ROLE_RESOLVERS[role](model_runner)
        logger.debug("role=%s swa=%s", role, self.swa_kv_pool is not None)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
