"""Gate the sliding-window decode path on both allocator and pool type.

A hybrid allocator alone is not enough: speculative draft runners share the
target's allocator but may hold a full-attention-only pool of their own.
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, layer_id_offset: int = 0):
        self.layer_id_offset = layer_id_offset
        allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        hybrid_alloc = isinstance(allocator, SWATokenToKVPoolAllocator)
        hybrid_pool = isinstance(self.pool, SWAKVPool)
        self.use_swa = hybrid_alloc and hybrid_pool
        if hybrid_alloc and not hybrid_pool:
            logger.info(
                "hybrid SWA allocator with %s pool (draft=%s); using full-attention indexing",
                type(self.pool).__name__,
                model_runner.is_draft_worker,
            )

    def forward_decode(self, loc: torch.Tensor):
        if self.use_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
