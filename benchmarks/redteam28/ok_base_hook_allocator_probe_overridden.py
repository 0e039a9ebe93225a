"""Backend overriding its base class's allocator-based detection hook with a pool check."""

import logging

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


class HybridBackendBase:
    """Older base shared by the hybrid backends; subclasses refine the hooks."""

    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = model_runner.page_size
        self.sliding = self._detect_sliding(model_runner)

    def _detect_sliding(self, model_runner) -> bool:
        allocator = model_runner.token_to_kv_pool_allocator
        return hasattr(allocator, "swa_attn_allocator")

    def _window_locs(self, loc: torch.Tensor) -> torch.Tensor:
        return self.allocator.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(HybridBackendBase):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.free_slots_at_init = self.allocator.available_size()
        logger.info("sliding=%s, %d free slots at init", self.sliding, self.free_slots_at_init)

    def _detect_sliding(self, model_runner) -> bool:
        # Draft workers share the allocator with the target but own their buffers, so the
        # buffers are what tells us the layout.
        return isinstance(model_runner.token_to_kv_pool, BaseSWAKVPool)

    def _window_locs(self, loc: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self.sliding:
            loc = self._window_locs(loc)
        return self.token_to_kv_pool, loc
