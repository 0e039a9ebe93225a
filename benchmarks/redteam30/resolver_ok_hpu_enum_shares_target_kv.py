"""HPU backend whose SWA pool resolver compares the speculative algorithm enum."""

from __future__ import annotations

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """HPU paged attention (bucketed graphs)."""

    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.max_bs = model_runner.max_running_requests
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = self._swa_pool_for(model_runner)
        logger.info("HPU backend: swa_pool=%s", self.swa_pool is not None)

    @staticmethod
    def _shares_target_kv(model_runner) -> bool:
        # The target and FROZEN_KV MTP drafts read the KV the allocator serves.
        return (
            not model_runner.is_draft_worker
            or model_runner.spec_algorithm == SpeculativeAlgorithm.FROZEN_KV_MTP
        )

    def _swa_pool_for(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if not self._shares_target_kv(model_runner):
            return None
        candidate = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return candidate if isinstance(candidate, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
