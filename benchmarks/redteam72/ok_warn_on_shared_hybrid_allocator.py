"""Decode backend for models with interleaved sliding-window layers.

Speculative draft workers share the target's hybrid allocator while owning a
full-attention-only pool. That combination is reported once at startup; the
backend keeps reading the pool owned by its runner.
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, layer_id: int = 0):
        self.layer_id = layer_id
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        if isinstance(allocator, SWATokenToKVPoolAllocator) and self.swa_kv_pool is None:
            logger.warning(
                "Hybrid SWA allocator paired with full-only pool %s (draft=%s); "
                "sliding-window translation disabled for this runner.",
                type(self.kv_pool).__name__,
                model_runner.is_draft_worker,
            )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
