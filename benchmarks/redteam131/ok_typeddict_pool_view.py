"""Typed view of the runner memory objects used by the decode wrapper.

``MemoryView`` captures the pool this worker reads together with a couple of
allocator statistics that are emitted in the startup banner.
"""

import logging
from typing import Optional, Tuple, TypedDict

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class AllocatorStats(TypedDict):
    allocator_class: str
    available_tokens: int


class MemoryView(TypedDict):
    kv_pool: KVCache
    swa_pool: Optional[SWAKVPool]
    stats: AllocatorStats


def build_memory_view(model_runner) -> MemoryView:
    pool = model_runner.token_to_kv_pool
    allocator = model_runner.token_to_kv_pool_allocator
    return MemoryView(
        kv_pool=pool,
        swa_pool=pool if isinstance(pool, SWAKVPool) else None,
        stats=AllocatorStats(
            allocator_class=type(allocator).__name__,
            available_tokens=allocator.available_size(),
        ),
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = False):
        self.view = build_memory_view(model_runner)
        if verbose:
            logger.info("decode memory view: %s", self.view["stats"])

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self.view["swa_pool"]
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.view["kv_pool"], loc
