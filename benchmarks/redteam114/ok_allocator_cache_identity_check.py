"""Decode backend that reuses allocator-side slot translation when safe.

The allocator's translation helper is used only when the allocator's cache is
the very pool this runner reads; otherwise the runner's pool is used as-is.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, page_size: Optional[int] = None):
        self.page_size = page_size or model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        owns_allocator_cache = allocator.get_kvcache() is self.kv_pool
        self._allocator = allocator if owns_allocator_cache else None
        self.use_swa = owns_allocator_cache and isinstance(self.kv_pool, SWAKVPool)
        if not owns_allocator_cache:
            logger.debug("runner pool differs from allocator cache; using runner pool")

    def forward_decode(self, loc: torch.Tensor):
        if self.use_swa:
            return self.kv_pool, self._allocator.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
