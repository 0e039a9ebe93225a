"""Hybrid-attention decode backend with a small SWA pool lookup helper."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _lookup_swa_pool(model_runner) -> Optional[SWAKVPool]:
    """Find the SWA KV pool that backs sliding-window layers, if any."""
    allocator = model_runner.token_to_kv_pool_allocator
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        kvcache = allocator.get_kvcache()
        assert isinstance(kvcache, SWAKVPool), type(kvcache)
        return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = 4096):
        self.sliding_window_size = sliding_window_size
        self.default_pool = model_runner.token_to_kv_pool
        self.swa_pool = _lookup_swa_pool(model_runner)
        logger.debug(
            "window=%d, swa pool=%s",
            sliding_window_size,
            type(self.swa_pool).__name__ if self.swa_pool is not None else None,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.default_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
