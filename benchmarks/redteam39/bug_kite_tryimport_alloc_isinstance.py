"""Windowed decode backend compatible with both allocator module layouts."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

try:
    from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
except ImportError:  # sglang <= 0.5.12 kept it next to the pool
    from sglang.srt.mem_cache.swa_memory_pool import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class WindowMetadata:
    window_left: int = -1
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None)
        self.kv_cache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self.kv_cache = allocator.get_kvcache()
            self.windowed = True
        else:
            self.windowed = False
        self.metadata = WindowMetadata(window_left=(self.sliding_window_size or 0) - 1)

    def init_forward_metadata(self, forward_batch):
        if self.windowed:
            self.metadata.swa_out_cache_loc = self.kv_cache.translate_loc_from_full_to_swa(
                forward_batch.out_cache_loc
            )

    def forward_decode(self, loc):
        if self.windowed:
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
