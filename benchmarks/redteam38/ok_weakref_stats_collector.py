"""Attention backend with a weakly-referenced allocator stats collector for the metrics thread."""

import logging
import weakref
from typing import Optional

logger = logging.getLogger(__name__)


class _AllocatorStats:
    """Polled from the metrics thread; must not keep the allocator alive."""

    def __init__(self, allocator):
        self._ref = weakref.ref(allocator)
        self.windowed = hasattr(allocator, "swa_attn_allocator")

    def sample(self) -> Optional[dict]:
        allocator = self._ref()
        if allocator is None:
            return None
        out = {"kind": type(allocator).__name__, "free": allocator.available_size()}
        if self.windowed:
            out["swa_free"] = allocator.swa_available_size()
            out["swa_size"] = allocator.size_swa
        return out


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.stats = _AllocatorStats(model_runner.token_to_kv_pool_allocator)
        # Only pools that carry a full->SWA translator have sliding-window layers.
        self.has_swa_layers = hasattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa")
        logger.debug("initial allocator stats: %s", self.stats.sample())

    def forward_decode(self, loc):
        pool = self.token_to_kv_pool
        if self.has_swa_layers:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
