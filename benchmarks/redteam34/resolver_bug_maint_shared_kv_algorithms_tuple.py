"""Decode backend resolving its SWA pool with a table of algorithms whose drafts share KV."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

# Draft workers of these algorithms decode against the target's KV pool.
_SHARED_KV_ALGORITHMS = (
    SpeculativeAlgorithm.FROZEN_KV_MTP,
    SpeculativeAlgorithm.EAGLE,
    SpeculativeAlgorithm.EAGLE3,
)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.swa_pool = self._resolve(model_runner)

    def _resolve(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if model_runner.is_draft_worker:
            if model_runner.spec_algorithm not in _SHARED_KV_ALGORITHMS:
                return None
            logger.debug("%s draft reads the target KV pool", model_runner.spec_algorithm.name)
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = {"bs": forward_batch.batch_size}

    def forward_decode(self, loc):
        pool = self.swa_pool
        if pool is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
