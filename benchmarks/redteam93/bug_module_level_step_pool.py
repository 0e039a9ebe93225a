"""Module-level binding of the KV pool used by the active decode step.

Triton launch helpers in this module read ``_ACTIVE_POOL`` instead of
threading the pool through every call. ``decode_step`` binds it for the
duration of a step and restores the previous binding afterwards.
"""

import contextlib
import logging
from typing import Iterator, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_ACTIVE_POOL: Optional[KVCache] = None


@contextlib.contextmanager
def decode_step(model_runner) -> Iterator[KVCache]:
    global _ACTIVE_POOL
    saved = _ACTIVE_POOL
    allocator = model_runner.token_to_kv_pool_allocator
    _ACTIVE_POOL = allocator.get_kvcache()
    try:
        yield _ACTIVE_POOL
    finally:
        _ACTIVE_POOL = saved


def _gather_locations(loc: torch.Tensor) -> torch.Tensor:
    assert _ACTIVE_POOL is not None, "decode_step() not entered"
    if isinstance(_ACTIVE_POOL, SWAKVPool):
        return _ACTIVE_POOL.translate_loc_from_full_to_swa(loc)
    return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, tag: str = "decode"):
        self.model_runner = model_runner
        self.tag = tag

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        with decode_step(self.model_runner) as pool:
            locations = _gather_locations(loc)
            logger.debug("[%s] pool=%s n=%d", self.tag, type(pool).__name__, loc.numel())
        return pool, locations
