"""FlashInfer-style backend exposing use_sliding_window_kv_pool as a property of its own pool; SWA budget read from the allocator only when that holds."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self._swa_budget = None
        if self.use_sliding_window_kv_pool:
            # Only meaningful when this runner's own pool is hybrid.
            self._swa_budget = self.token_to_kv_pool_allocator.swa_available_size()
            logger.debug("sliding-window budget: %s tokens", self._swa_budget)

    @property
    def use_sliding_window_kv_pool(self) -> bool:
        return isinstance(self.token_to_kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, kv_indices
