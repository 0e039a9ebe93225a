"""Decode backend for hybrid sliding-window models.

Window layers address the SWA sub-buffer; the full->SWA remap is taken from the
token allocator that hands out the out_cache_loc slots for this runner.
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        if self.use_sliding_window_kv_pool:
            logger.info("Sliding-window KV enabled (%s)", self.allocator.debug_print().strip(", "))

    def _window_locations(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if not self.use_sliding_window_kv_pool:
            return out_cache_loc
        return self.allocator.translate_loc_from_full_to_swa(out_cache_loc)

    def forward_decode(self, loc: torch.Tensor):
        swa_loc = self._window_locations(loc)
        return self.token_to_kv_pool, swa_loc
