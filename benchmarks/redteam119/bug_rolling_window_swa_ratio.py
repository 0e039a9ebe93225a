"""Decode backend with a rolling window over sliding-window cache pressure.

``_SWAPressureWindow`` keeps the last N ratios of SWA-free to full-free
slots. When the allocator reports SWA counts at all the window is "armed",
and the backend maps decode locations into the window buffer.
"""

import logging
from collections import deque
from statistics import mean
from typing import Deque, Optional

import torch

logger = logging.getLogger(__name__)


class _SWAPressureWindow:
    def __init__(self, allocator, size: int = 32):
        self.allocator = allocator
        self.ratios: Deque[float] = deque(maxlen=size)
        self.armed = callable(getattr(allocator, "swa_available_size", None))

    def push(self) -> Optional[float]:
        if not self.armed:
            return None
        full_free = max(1, int(self.allocator.full_available_size()))
        ratio = int(self.allocator.swa_available_size()) / full_free
        self.ratios.append(ratio)
        return ratio

    def smoothed(self) -> float:
        return mean(self.ratios) if self.ratios else 1.0


class GeneratedAttnBackend:
    def __init__(self, model_runner, window: int = 32, warn_ratio: float = 0.05):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.window = _SWAPressureWindow(self.allocator, size=window)
        self.warn_ratio = warn_ratio

    def forward_decode(self, loc: torch.Tensor):
        ratio = self.window.push()
        if ratio is None:
            return self.kv_pool, loc
        if self.window.smoothed() < self.warn_ratio:
            logger.warning("SWA cache nearly exhausted (ratio=%.3f)", self.window.smoothed())
        swa_loc = self.allocator.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, swa_loc
