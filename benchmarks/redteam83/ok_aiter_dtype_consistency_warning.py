"""AITER (ROCm) decode backend.

Warns once when the allocator was created with a different dtype than the KV
pool this worker reads; this usually means an fp8 KV cache flag did not reach the
draft.  The hybrid decision itself is made on the worker's pool.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, use_mla: bool = False):
        self.use_mla = use_mla
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        alloc_dtype = getattr(model_runner.token_to_kv_pool_allocator, "dtype", None)
        pool_dtype = getattr(self.kv_pool, "dtype", None)
        if alloc_dtype is not None and pool_dtype is not None and alloc_dtype != pool_dtype:
            logger.warning("aiter: allocator dtype %s != kv pool dtype %s", alloc_dtype, pool_dtype)
        self.sliding_window_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.sliding_window_pool is None:
            return loc
        return self.sliding_window_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.sliding_window_pool or self.kv_pool
        return pool, self._kv_indices(loc)
