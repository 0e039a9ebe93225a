"""Speculative-aware decode backend that lists the algorithms whose drafts read the target cache."""

import logging
from typing import FrozenSet, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

# Draft heads that attend over the target's KV instead of writing their own.
_TARGET_KV_READERS: FrozenSet[SpeculativeAlgorithm] = frozenset(
    {SpeculativeAlgorithm.FROZEN_KV_MTP}
)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.topk = getattr(model_runner.server_args, "speculative_eagle_topk", None) or 1
        self.swa_pool = self._resolve(model_runner)
        logger.info("topk=%d swa=%s", self.topk, self.swa_pool is not None)

    def _resolve(self, model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        reads_target = model_runner.spec_algorithm in _TARGET_KV_READERS
        owns_cache = bool(model_runner.is_draft_worker) and not reads_target
        if owns_cache:
            return None
        allocator = model_runner.token_to_kv_pool_allocator
        kv = allocator.get_kvcache()
        if not isinstance(kv, SWAKVPool):
            logger.debug("allocator %s has no hybrid cache", type(allocator).__name__)
            return None
        return kv

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
