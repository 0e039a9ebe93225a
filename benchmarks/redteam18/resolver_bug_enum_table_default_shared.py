"""Resolves the SWA pool from an enum-keyed table of which drafts read target KV; algorithms missing from the table (EAGLE among them) default to reading the allocator's kvcache."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

# Does this algorithm's draft read the target model's KV pool?
_DRAFT_READS_TARGET_KV = {
    SpeculativeAlgorithm.EAGLE3: False,
    SpeculativeAlgorithm.STANDALONE: False,
    SpeculativeAlgorithm.FROZEN_KV_MTP: True,
}


def _reads_target_kv(model_runner) -> bool:
    return _DRAFT_READS_TARGET_KV.get(model_runner.spec_algorithm, True)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = None
        if isinstance(self.pool, SWAKVPool):
            self.swa_kv_pool = self.pool
        elif not model_runner.is_draft_worker or _reads_target_kv(model_runner):
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                self.swa_kv_pool = kvcache
        logger.debug("swa_kv_pool resolved: %s", self.swa_kv_pool is not None)

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
