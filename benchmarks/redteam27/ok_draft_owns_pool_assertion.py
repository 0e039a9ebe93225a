"""Decode backend that asserts a draft runner never aliases the target cache."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _describe(obj) -> str:
    return f"{type(obj).__name__}@{id(obj):#x}"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.is_draft_worker = bool(model_runner.is_draft_worker)

        if self.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            # The draft shares the allocator's slot indices but must write into its own
            # buffers; aliasing the target cache would corrupt the target's KV.
            target_cache = allocator.get_kvcache()
            assert (
                target_cache is not self.pool
            ), f"draft pool {_describe(self.pool)} aliases target cache {_describe(target_cache)}"
            logger.debug(
                "draft pool %s, target cache %s", _describe(self.pool), _describe(target_cache)
            )

        self.swa_pool: Optional[SWAKVPool] = None
        if isinstance(self.pool, SWAKVPool):
            self.swa_pool = self.pool

    def init_forward_metadata(self, out_cache_loc):
        self.out_cache_loc = out_cache_loc
        if self.swa_pool is not None:
            self.swa_out_cache_loc = self.swa_pool.translate_loc_from_full_to_swa(out_cache_loc)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
