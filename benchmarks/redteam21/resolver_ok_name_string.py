"""Backend whose resolver compares the speculative algorithm's enum name to decide whether a draft may borrow the allocator's cache."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        algo_name = model_runner.spec_algorithm.name
        self.swa_pool = None
        if isinstance(self.pool, SWAKVPool):
            self.swa_pool = self.pool
        elif model_runner.is_draft_worker and algo_name != "FROZEN_KV_MTP":
            logger.debug("%s draft keeps its own full pool", algo_name)
        else:
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self.swa_pool = kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
