"""Target-side SWA backend: translation runs through the allocator, gated on the read pool."""

import logging
from dataclasses import dataclass

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TranslateStats:
    calls: int = 0
    tokens: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.stats = TranslateStats()
        # Only a worker whose own pool is the hybrid pool reaches the allocator's mapping;
        # on that worker the allocator's kvcache is exactly this pool.
        self.hybrid = isinstance(self.pool, SWAKVPool)
        if self.hybrid:
            assert (
                self.allocator.get_kvcache() is self.pool
            ), f"{type(self.allocator).__name__} serves a different pool"
        logger.debug("hybrid=%s free=%d", self.hybrid, self.allocator.available_size())

    def _to_window(self, loc):
        self.stats.calls += 1
        self.stats.tokens += int(loc.numel())
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def metrics(self) -> dict:
        return {
            "translate_calls": self.stats.calls,
            "translate_tokens": self.stats.tokens,
            "kv_free_tokens": int(self.allocator.available_size()),
        }

    def forward_decode(self, loc):
        if self.hybrid:
            loc = self._to_window(loc)
        return self.pool, loc
