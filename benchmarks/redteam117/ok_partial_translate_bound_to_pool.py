"""Decode slot remapping prepared with ``functools.partial``.

``_gather_slots`` indexes a mapping table; the table is taken from the hybrid
pool the backend reads.  Non-hybrid pools get the identity.
"""

from __future__ import annotations

import functools
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _gather_slots(pool: SWAKVPool, loc: torch.Tensor) -> torch.Tensor:
    return pool.translate_loc_from_full_to_swa(loc)


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


def bind_slot_mapper(pool) -> Callable[[torch.Tensor], torch.Tensor]:
    swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
    if swa_pool is None:
        return _identity
    return functools.partial(_gather_slots, swa_pool)


class GeneratedAttnBackend:
    """Decode backend with a pre-bound slot mapper."""

    def __init__(self, model_runner, mapper_factory=bind_slot_mapper):
        self.kv_pool = model_runner.token_to_kv_pool
        self.map_slots = mapper_factory(self.kv_pool)
        self._allocator = model_runner.token_to_kv_pool_allocator

    def debug_state(self) -> str:
        # Allocator state is useful when chasing OOMs in long decode runs.
        return f"{type(self).__name__}: {self._allocator.debug_print()}"

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.map_slots(loc)
