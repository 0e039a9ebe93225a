"""Decode backend for hybrid sliding-window models with eviction watermark tracking.

The watermark tracker samples the shared allocator's free counts once per step so the
scheduler-facing stats can report how close the SWA side is to forcing an eviction.
"""

import logging

import torch

logger = logging.getLogger(__name__)

LOW_WATERMARK = 0.05
HIGH_WATERMARK = 0.20


class WatermarkTracker:
    def __init__(self, allocator):
        self.allocator = allocator
        self.has_swa_counts = hasattr(allocator, "swa_available_size")
        self.below_low = 0
        self.samples = 0

    def _ratio(self) -> float:
        if self.has_swa_counts:
            free = self.allocator.swa_available_size()
            total = self.allocator.size_swa
        else:
            free = self.allocator.available_size()
            total = self.allocator.size
        return free / max(total, 1)

    def sample(self) -> float:
        ratio = self._ratio()
        self.samples += 1
        if ratio < LOW_WATERMARK:
            self.below_low += 1
            logger.warning("KV free ratio %.3f below low watermark", ratio)
        return ratio

    def needs_eviction(self) -> bool:
        return self._ratio() < HIGH_WATERMARK


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.watermark = WatermarkTracker(model_runner.token_to_kv_pool_allocator)
        self.swa_translate = getattr(self.kv_pool, "translate_loc_from_full_to_swa", None)
        self.last_ratio = 1.0

    def forward_decode(self, loc: torch.Tensor):
        self.last_ratio = self.watermark.sample()
        if self.swa_translate is not None:
            return self.kv_pool, self.swa_translate(loc)
        return self.kv_pool, loc
