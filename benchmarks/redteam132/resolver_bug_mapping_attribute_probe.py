"""Decode backend that detects hybrid SWA support by capability probing.

Rather than matching concrete classes, the resolver checks for the
full->SWA index mapping on the token allocator and uses the cache registered
with it, which keeps the backend working with out-of-tree allocators.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = 4096):
        self.sliding_window_size = sliding_window_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        allocator = model_runner.token_to_kv_pool_allocator
        if getattr(allocator, "full_to_swa_index_mapping", None) is None:
            return None
        cache = allocator.get_kvcache()
        if not hasattr(cache, "translate_loc_from_full_to_swa"):
            logger.warning("allocator exposes a mapping but its cache cannot translate")
            return None
        return cache

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
