"""Sliding-window decode backend with a capacity tracker.

The tracker inspects the allocator once at construction to find out whether a
separate sliding-window region exists, and the backend follows the tracker's
view of the cache layout so that accounting and reads stay consistent.
"""

import logging
import weakref

import torch

logger = logging.getLogger(__name__)


class KVCapacityTracker:
    """Tracks full/SWA occupancy for scheduling heuristics."""

    def __init__(self, allocator):
        self._allocator_ref = weakref.ref(allocator)
        self.has_swa_region = hasattr(allocator, "size_swa")
        self.swa_capacity = allocator.size_swa if self.has_swa_region else 0

    def free_tokens(self) -> int:
        allocator = self._allocator_ref()
        if allocator is None:
            return 0
        if self.has_swa_region:
            return min(allocator.full_available_size(), allocator.swa_available_size())
        return allocator.available_size()

    def describe(self) -> str:
        return f"swa={self.has_swa_region} swa_capacity={self.swa_capacity}"


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_every: int = 0):
        self.kv_pool = model_runner.token_to_kv_pool
        self.tracker = KVCapacityTracker(model_runner.token_to_kv_pool_allocator)
        self.log_every = log_every
        self._steps = 0
        logger.info("attn backend layout: %s", self.tracker.describe())

    def forward_decode(self, loc: torch.Tensor):
        self._steps += 1
        if self.log_every and self._steps % self.log_every == 0:
            logger.info("free kv tokens: %d", self.tracker.free_tokens())
        if self.tracker.has_swa_region:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
