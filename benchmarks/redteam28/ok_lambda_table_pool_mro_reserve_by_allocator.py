"""Backend with two dispatch tables: reserve rounding by allocator class, reads by pool class."""

import logging
from typing import Callable, Dict

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_IDENTITY = lambda pool, loc: loc

# how the pool class maps decode locations into its buffers
_READERS: Dict[type, Callable] = {
    SWAKVPool: lambda pool, loc: pool.translate_loc_from_full_to_swa(loc),
}

# how many extra tokens to reserve per request when capturing graphs
_RESERVE: Dict[type, Callable[[int], int]] = {
    SWATokenToKVPoolAllocator: lambda page_size: 2 * page_size,
}


def _lookup(table: Dict[type, Callable], obj, default):
    for klass in type(obj).__mro__:
        if klass in table:
            return table[klass]
    return default


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size
        self.reserve_tokens = _lookup(_RESERVE, allocator, lambda ps: ps)(self.page_size)
        self._reader = _lookup(_READERS, self.kv_pool, _IDENTITY)
        self.graph_kv_indices = torch.zeros(
            model_runner.max_running_requests * (64 + self.reserve_tokens), dtype=torch.int64
        )
        logger.info("reserve=%d tokens per request", self.reserve_tokens)

    def forward_decode(self, loc):
        return self.kv_pool, self._reader(self.kv_pool, loc)
