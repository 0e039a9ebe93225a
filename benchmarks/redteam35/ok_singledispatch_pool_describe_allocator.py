"""Backend using single dispatch on the pool for behaviour and on the allocator for logs."""

import functools
import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def describe_allocator(allocator) -> str:
    return f"{type(allocator).__name__}(size={allocator.size})"


@describe_allocator.register
def _(allocator: SWATokenToKVPoolAllocator) -> str:
    return f"SWA allocator(full={allocator.size_full}, swa={allocator.size_swa})"


@functools.singledispatch
def window_locations(pool, loc: torch.Tensor) -> torch.Tensor:
    return loc


@window_locations.register
def _(pool: SWAKVPool, loc: torch.Tensor) -> torch.Tensor:
    return pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        logger.info(
            "attention backend over %s",
            describe_allocator(model_runner.token_to_kv_pool_allocator),
        )

    def forward_decode(self, loc):
        return self.token_to_kv_pool, window_locations(self.token_to_kv_pool, loc)
