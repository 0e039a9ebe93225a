"""Decode backend for hybrid SWA models with an opt-in legacy pool lookup.

``SGLANG_SWA_POOL_FROM_ALLOCATOR=1`` restores the pre-speculative behaviour of
taking the hybrid pool from the allocator (kept for bisecting old reports). By
default the runner's own pool is used.
"""

import logging
import os
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_POOL_FROM_ALLOCATOR = os.environ.get("SGLANG_SWA_POOL_FROM_ALLOCATOR", "0") == "1"


class GeneratedAttnBackend:
    def __init__(self, model_runner, legacy_lookup: Optional[bool] = None):
        use_legacy = _POOL_FROM_ALLOCATOR if legacy_lookup is None else legacy_lookup
        if use_legacy:
            logger.warning("using legacy allocator-based KV pool lookup")
            self.kv_pool: KVCache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
