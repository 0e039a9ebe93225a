"""Decode backend whose index translation is one helper with early returns: a non-hybrid
allocator, then an empty batch, then the translation through the allocator."""

from __future__ import annotations

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def _window_locs(self, loc: torch.Tensor) -> torch.Tensor:
        allocator = self.token_to_kv_pool_allocator
        if not isinstance(allocator, SWATokenToKVPoolAllocator):
            return loc
        if loc.numel() == 0:
            return loc
        return allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._window_locs(loc)
