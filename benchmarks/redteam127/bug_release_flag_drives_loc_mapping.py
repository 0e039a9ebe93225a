"""Decode backend for hybrid sliding-window models with early page release.

The hybrid allocator can hand sliding-window pages back as soon as they fall
out of the window. The same flag tells decode to address the sliding-window
buffers with mapped locations.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = 4096):
        self.sliding_window_size = sliding_window_size
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self._early_swa_release = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        logger.debug("early SWA release=%s", self._early_swa_release)

    def release_out_of_window(self, stale_indices: torch.Tensor) -> None:
        if stale_indices.numel() == 0:
            return
        if self._early_swa_release:
            self.allocator.free_swa(stale_indices)
        else:
            self.allocator.free(stale_indices)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self._early_swa_release:
            return self.kv_pool, loc
        return self.kv_pool, self.allocator.translate_loc_from_full_to_swa(loc)
