"""Decode backend that computes an eviction headroom from the allocator's free lists."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_HEADROOM_FRACTION = 0.05


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = model_runner.max_running_requests
        self.swa_pool = self.pool if hasattr(self.pool, "translate_loc_from_full_to_swa") else None

        # The sliding-window free list is usually the tighter one on hybrid models.
        free_fn = getattr(self.allocator, "swa_available_size", self.allocator.available_size)
        self._free_fn = free_fn
        capacity = getattr(self.allocator, "size_swa", self.allocator.size)
        self.headroom = max(self.max_bs, int(capacity * _HEADROOM_FRACTION))
        logger.info("eviction headroom: %d tokens", self.headroom)

    def eviction_needed(self, num_new_tokens: int) -> int:
        shortfall = num_new_tokens + self.headroom - self._free_fn()
        return max(0, shortfall)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        pending = self.eviction_needed(out_cache_loc.numel())
        if pending:
            logger.warning("decode batch needs %d more free slots", pending)

    def forward_decode(self, loc):
        if self.swa_pool is not None and isinstance(self.swa_pool, SWAKVPool):
            loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
