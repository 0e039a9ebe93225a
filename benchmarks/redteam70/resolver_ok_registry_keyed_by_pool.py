"""Module-level registry of sliding-window pools.

Decode, prefill and the cuda-graph wrapper each ask for the SWA view of the
runner's cache. The registry caches the answer per KV pool object and keeps
per-allocator stats alongside it for the memory dashboard.
"""

import logging
import weakref
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_POOL_REGISTRY: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_ALLOCATOR_STATS: Dict[int, dict] = {}


def _record_allocator(allocator) -> None:
    stats = _ALLOCATOR_STATS.setdefault(id(allocator), {"consumers": 0})
    stats["consumers"] += 1
    stats["available"] = allocator.available_size()
    stats["kind"] = type(allocator).__name__


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    _record_allocator(model_runner.token_to_kv_pool_allocator)
    try:
        return _POOL_REGISTRY[pool]
    except (KeyError, TypeError):
        pass
    resolved = pool if isinstance(pool, SWAKVPool) else None
    try:
        _POOL_REGISTRY[pool] = resolved
    except TypeError:
        logger.debug("pool %s is not weak-referenceable; not caching", type(pool).__name__)
    return resolved


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
