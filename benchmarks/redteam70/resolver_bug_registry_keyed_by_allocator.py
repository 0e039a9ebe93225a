"""Module-level registry of sliding-window pools.

Several backends (decode, prefill, the cuda-graph wrapper) are created per
runner and all need the SWA pool; the registry resolves it once per allocator
and hands the cached result back to every backend that asks.
"""

import logging
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_SWA_POOL_REGISTRY: Dict[int, Optional[SWAKVPool]] = {}


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    allocator = model_runner.token_to_kv_pool_allocator
    key = id(allocator)
    if key not in _SWA_POOL_REGISTRY:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            resolved = active
        else:
            backing = allocator.get_kvcache()
            resolved = backing if isinstance(backing, SWAKVPool) else None
        _SWA_POOL_REGISTRY[key] = resolved
        logger.debug("registered swa pool for allocator %#x: %s", key, resolved)
    return _SWA_POOL_REGISTRY[key]


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_registry: bool = True):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner) if enable_registry else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
