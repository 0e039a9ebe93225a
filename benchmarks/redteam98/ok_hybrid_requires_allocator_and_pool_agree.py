"""Hybrid full/SWA wrapper backend.

Sliding-window reads are enabled only when both the allocator and the runner's KV pool use a
hybrid layout; a mismatch (such as a dense draft pool next to a hybrid allocator) falls back
to dense reads of the runner's own pool.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _DenseReader:
    def __init__(self, pool):
        self.pool = pool

    def forward_decode(self, loc):
        return self.pool, loc


class _SlidingReader(_DenseReader):
    def forward_decode(self, loc):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        hybrid_alloc = isinstance(allocator, SWATokenToKVPoolAllocator)
        hybrid_pool = isinstance(pool, SWAKVPool)
        if hybrid_alloc and not hybrid_pool:
            logger.info("hybrid allocator with dense pool; using dense reads")
        self.reader = _SlidingReader(pool) if hybrid_alloc and hybrid_pool else _DenseReader(pool)

    def forward_decode(self, loc: torch.Tensor):
        return self.reader.forward_decode(loc)
