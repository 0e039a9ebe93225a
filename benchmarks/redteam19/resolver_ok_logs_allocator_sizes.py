"""Resolver with a correct draft/FROZEN_KV gate that afterwards logs the allocator's class name and size_full/size_swa."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = None
        for candidate in self._candidates(model_runner):
            if isinstance(candidate, SWAKVPool):
                self.swa_kv_pool = candidate
                break
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "%s: full=%s swa=%s, swa pool %s",
            type(allocator).__name__,
            allocator.size_full,
            getattr(allocator, "size_swa", "n/a"),
            "resolved" if self.swa_kv_pool is not None else "not used",
        )

    @staticmethod
    def _candidates(model_runner):
        yield model_runner.token_to_kv_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return
        yield model_runner.token_to_kv_pool_allocator.get_kvcache()

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
