"""Sliding-window decode backend that clamps the configured window.

If the user asks for a window larger than the hybrid allocator can hold in
its sliding-window half, the effective window is clamped so that a single
request never needs more SWA slots than exist.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: Optional[int] = 4096):
        allocator = model_runner.token_to_kv_pool_allocator
        window = sliding_window_size
        swa_slots = getattr(allocator, "size_swa", None)
        if window is not None and swa_slots is not None and window > swa_slots:
            logger.warning("sliding window %d exceeds SWA capacity %d; clamping", window, swa_slots)
            window = swa_slots
        self.sliding_window_size = window

        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = None
        if isinstance(self.kv_pool, SWAKVPool):
            self.swa_kv_pool = self.kv_pool

    def window_left(self) -> int:
        return -1 if self.sliding_window_size is None else self.sliding_window_size - 1

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
