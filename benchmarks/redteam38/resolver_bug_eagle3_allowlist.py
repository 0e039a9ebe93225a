"""Decode backend whose SWA-pool resolver lists the draft modes that keep their own KV."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

# Draft modes whose draft model allocates a separate KV pool.
_OWN_DRAFT_KV = (SpeculativeAlgorithm.EAGLE3, SpeculativeAlgorithm.STANDALONE)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    match pool:
        case SWAKVPool():
            return pool
    if model_runner.is_draft_worker and model_runner.spec_algorithm in _OWN_DRAFT_KV:
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    match kvcache:
        case SWAKVPool():
            return kvcache
        case _:
            return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        logger.info(
            "spec=%s draft=%s swa=%s",
            model_runner.spec_algorithm,
            model_runner.is_draft_worker,
            self.swa_kv_pool is not None,
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
