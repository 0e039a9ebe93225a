"""Computes an swa/full capacity ratio from the allocator's sizes for a gauge only; the SWA path is chosen by isinstance on its own pool."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _CapacityStats:
    def __init__(self, allocator):
        self.full_tokens = allocator.size_full
        self.swa_tokens = getattr(allocator, "size_swa", self.full_tokens)

    @property
    def swa_full_ratio(self) -> float:
        return self.swa_tokens / max(self.full_tokens, 1)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.stats = _CapacityStats(model_runner.token_to_kv_pool_allocator)
        logger.info("kv capacity swa/full ratio = %.3f", self.stats.swa_full_ratio)
        self.windowed_decode = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.windowed_decode:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
