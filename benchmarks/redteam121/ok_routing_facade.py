"""Single facade for bookkeeping and KV reads.

Backends that allocate scratch slots for CUDA-graph padding want one object for
both the allocator and the pool. ``KVFacade`` routes allocation/free/counting
calls to the token allocator and every other attribute to the pool this runner
reads from.
"""

from __future__ import annotations

import logging
from typing import Any, FrozenSet

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_ALLOCATOR_METHODS: FrozenSet[str] = frozenset(
    {"alloc", "free", "available_size", "free_group_begin", "free_group_end", "debug_print"}
)


class KVFacade:
    def __init__(self, pool, allocator):
        self._pool = pool
        self._allocator = allocator

    def __getattr__(self, name: str) -> Any:
        if name in _ALLOCATOR_METHODS:
            return getattr(self._allocator, name)
        return getattr(self._pool, name)

    @property
    def pool(self):
        return self._pool

    @property
    def hybrid(self) -> bool:
        return isinstance(self._pool, SWAKVPool)


class GeneratedAttnBackend:
    def __init__(self, model_runner, reserve_padding_slot: bool = False):
        self.kv = KVFacade(model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)
        self.reserve_padding_slot = reserve_padding_slot
        logger.debug(
            "KVFacade ready, %d tokens free, hybrid=%s", self.kv.available_size(), self.kv.hybrid
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.kv.hybrid:
            return self.kv.pool, self.kv.translate_loc_from_full_to_swa(loc)
        return self.kv.pool, loc
