"""Decode backend for hybrid sliding-window models with hierarchical caching: the host
mirror is sized from the device allocator, reads go to the device pool."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class HostMirrorSizes:
    """Host-side token counts for the full and SWA sides of the cache."""

    def __init__(self, allocator, host_ratio: float = 2.0):
        self.device_full = int(allocator.size)
        self.device_swa = int(getattr(allocator, "size_swa", 0))
        self.host_full = int(self.device_full * host_ratio)
        self.host_swa = int(self.device_swa * host_ratio)

    def __repr__(self) -> str:
        return f"HostMirrorSizes(full={self.host_full}, swa={self.host_swa})"


class GeneratedAttnBackend:
    """Device-side decode; the host mirror sizes are bookkeeping only."""

    def __init__(self, model_runner):
        self.host_sizes = HostMirrorSizes(model_runner.token_to_kv_pool_allocator)
        self.device_pool = model_runner.token_to_kv_pool
        logger.info("hicache host mirror: %r", self.host_sizes)

    @property
    def is_hybrid(self) -> bool:
        return isinstance(self.device_pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        if not self.is_hybrid:
            return self.device_pool, loc
        return self.device_pool, self.device_pool.translate_loc_from_full_to_swa(loc)
