"""Decode backend that picks its cache layout with a single-dispatch over the allocator type."""

import enum
import functools
import logging

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class CacheLayout(enum.Enum):
    CONTIGUOUS = "contiguous"
    WINDOWED = "windowed"


@functools.singledispatch
def cache_layout(allocator) -> CacheLayout:
    return CacheLayout.CONTIGUOUS


@cache_layout.register
def _(allocator: BaseTokenToKVPoolAllocator) -> CacheLayout:
    return CacheLayout.CONTIGUOUS


@cache_layout.register
def _(allocator: SWATokenToKVPoolAllocator) -> CacheLayout:
    return CacheLayout.WINDOWED


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.layout = cache_layout(model_runner.token_to_kv_pool_allocator)
        self.max_bs = model_runner.max_running_requests
        self.kv_indptr = torch.zeros(self.max_bs + 1, dtype=torch.int32)
        logger.info("cache layout %s", self.layout.value)

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        bs = seq_lens.shape[0]
        self.kv_indptr[1 : bs + 1] = torch.cumsum(seq_lens, dim=0)

    def forward_decode(self, loc):
        if self.layout is CacheLayout.WINDOWED:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
