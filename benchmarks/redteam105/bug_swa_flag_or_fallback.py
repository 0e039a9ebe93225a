"""FlashInfer-style wrapper setup for models with sliding-window layers.

The sliding-window wrapper is enabled when either the pool is hybrid or the
allocator reserves a separate SWA budget. The translation source follows the
pool when it can, otherwise the allocator.
"""

import logging
from typing import Tuple, Union

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_wrappers: int = 2):
        self.num_wrappers = num_wrappers
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = pool
        self.enable_swa_wrapper = isinstance(pool, SWAKVPool) or (
            getattr(allocator, "size_swa", 0) > 0
        )
        self._swa_source: Union[SWAKVPool, BaseTokenToKVPoolAllocator] = (
            pool if isinstance(pool, SWAKVPool) else allocator
        )
        logger.info("wrappers=%d swa_wrapper=%s", self.num_wrappers, self.enable_swa_wrapper)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if not self.enable_swa_wrapper:
            return self.kv_pool, loc
        return self.kv_pool, self._swa_source.translate_loc_from_full_to_swa(loc)
