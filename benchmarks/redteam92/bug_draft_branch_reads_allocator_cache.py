"""Decode path of the hybrid SWA Triton backend used under speculative decoding.

The draft worker is constructed after the target and shares its allocator,
so it picks its KV cache up from there; the target uses the pool it built.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.device = model_runner.device

        if model_runner.is_draft_worker:
            kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
            logger.debug("draft worker: using shared allocator cache %s", type(kv_pool).__name__)
        else:
            kv_pool = model_runner.token_to_kv_pool

        self.kv_pool: KVCache = kv_pool
        self.swa_pool: Optional[SWAKVPool] = kv_pool if isinstance(kv_pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
