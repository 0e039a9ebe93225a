"""Decode backend for hybrid sliding-window models that also feeds the radix cache an
eviction hint when the SWA side of the allocator runs low."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

# Fraction of the SWA allocator below which the scheduler is asked to evict early.
_SWA_LOW_WATERMARK = 0.1


@dataclass
class EvictionHint:
    swa_free: int
    swa_total: int

    @property
    def should_evict(self) -> bool:
        if self.swa_total <= 0:
            return False
        return self.swa_free / self.swa_total < _SWA_LOW_WATERMARK


class GeneratedAttnBackend:
    """Sliding-window decode with a radix-cache eviction hint per step."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(self.allocator.get_kvcache(), SWAKVPool)
        self.last_hint = None

    def _eviction_hint(self) -> EvictionHint:
        swa_free = getattr(self.allocator, "swa_available_size", self.allocator.available_size)
        swa_total = getattr(self.allocator, "size_swa", self.allocator.size)
        return EvictionHint(swa_free=int(swa_free()), swa_total=int(swa_total))

    def forward_decode(self, loc: torch.Tensor):
        self.last_hint = self._eviction_hint()
        if self.last_hint.should_evict:
            logger.debug("SWA pool low: %d free", self.last_hint.swa_free)
        if self.use_sliding_window_kv_pool:
            # The allocator owns the full->SWA map it fills in alloc_decode.
            return self.token_to_kv_pool, self.allocator.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
