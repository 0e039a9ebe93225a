"""Decode backend that validates the KV pool layout it is handed.

Only plain MHA pools and hybrid SWA pools are supported; anything else is
rejected at construction so a misconfigured runner fails loudly.
"""

import logging

import torch

from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class UnsupportedKVPoolError(TypeError):
    pass


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = True):
        pool = model_runner.token_to_kv_pool
        if not isinstance(pool, KVCache):
            raise UnsupportedKVPoolError(f"expected a KVCache, got {type(pool).__name__}")
        if strict and not isinstance(pool, (MHATokenToKVPool, SWAKVPool)):
            raise UnsupportedKVPoolError(f"{type(pool).__name__} is not supported by this backend")
        self.pool = pool
        self.window_enabled = isinstance(pool, SWAKVPool)
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "attention pool=%s window=%s free_slots=%d",
            type(pool).__name__,
            self.window_enabled,
            allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.window_enabled:
            swa_loc = self.pool.translate_loc_from_full_to_swa(loc)
            assert swa_loc.shape == loc.shape, (swa_loc.shape, loc.shape)
            return self.pool, swa_loc
        return self.pool, loc
