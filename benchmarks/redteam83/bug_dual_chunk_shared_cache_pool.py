"""Dual-chunk flash attention backend for long-context decoding.

Records whether this worker's KV pool is the same object the allocator manages;
the chunked kernels read from the cache the allocator manages so that both
chunks index the same buffers.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DualChunkState:
    def __init__(self, chunk_size: int, local_size: int):
        self.chunk_size = chunk_size
        self.local_size = local_size


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, chunk_size: int = 8192, local_size: int = 1024):
        self.state = DualChunkState(chunk_size, local_size)
        allocator = model_runner.token_to_kv_pool_allocator
        self.owns_shared_cache = allocator.get_kvcache() is model_runner.token_to_kv_pool
        self.kv_pool = allocator.get_kvcache()
        logger.debug("dual-chunk: pool shared with allocator=%s", self.owns_shared_cache)
        self.is_swa = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        if self.is_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
