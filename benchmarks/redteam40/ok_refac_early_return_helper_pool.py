"""Decode backend whose index translation is one helper with early returns: no window pool,
then an empty batch, then the translation through the pool."""

from __future__ import annotations

import logging

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, BaseSWAKVPool)

    def _window_locs(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.use_sliding_window_kv_pool:
            return loc
        if loc.numel() == 0:
            return loc
        if loc.numel() > self.token_to_kv_pool_allocator.size:
            raise ValueError(
                f"{loc.numel()} locations for an allocator of "
                f"{self.token_to_kv_pool_allocator.size} slots"
            )
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._window_locs(loc)
