"""Triton-style decode backend with a sliding-window switch exposed as a property."""

from __future__ import annotations

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Decode backend; window handling is toggled by :attr:`is_sliding_window`."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.model_runner = model_runner
        self.skip_prefill = skip_prefill
        self.device = model_runner.device
        self._allocator = model_runner.token_to_kv_pool_allocator

    @property
    def token_to_kv_pool(self) -> KVCache:
        return self.model_runner.token_to_kv_pool

    @property
    def is_sliding_window(self) -> bool:
        """Whether KV slots are managed by the hybrid full/SWA allocator."""
        return isinstance(self._allocator, SWATokenToKVPoolAllocator)

    @property
    def free_slots(self) -> int:
        return self._allocator.available_size()

    def _window_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.token_to_kv_pool
        if self.is_sliding_window:
            locations = self._window_locations(loc)
        else:
            locations = loc
        logger.debug("decode: %d tokens, %d free slots", loc.numel(), self.free_slots)
        return pool, locations
