"""Hybrid full/SWA backend built as a thin wrapper around two child readers.

SWA is enabled when either the runner's pool or its allocator reports a hybrid layout, which
keeps the backend usable with allocators that are constructed before the pool is swapped in.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _FullReader:
    def __init__(self, pool):
        self.pool = pool

    def forward_decode(self, loc):
        return self.pool, loc


class _SWAReader:
    def __init__(self, pool):
        self.pool = pool

    def forward_decode(self, loc):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_swa = isinstance(pool, SWAKVPool) or isinstance(
            allocator, SWATokenToKVPoolAllocator
        )
        self.full_reader = _FullReader(pool)
        self.swa_reader = _SWAReader(pool) if self.use_swa else None
        logger.info(
            "hybrid backend: use_swa=%s, allocator=%s", self.use_swa, type(allocator).__name__
        )

    def forward_decode(self, loc: torch.Tensor):
        reader = self.swa_reader if self.use_swa else self.full_reader
        return reader.forward_decode(loc)
