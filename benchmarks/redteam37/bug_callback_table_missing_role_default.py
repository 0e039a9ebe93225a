"""Decode backend that looks up its SWA pool fallback in a callback table keyed by spec algorithm."""

import logging
from typing import Callable, Dict, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def _shared_kvcache(model_runner) -> Optional[SWAKVPool]:
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def _own_pool_only(model_runner) -> Optional[SWAKVPool]:
    return None


# Draft algorithms whose draft runner keeps a private full-attention pool.
_DRAFT_FALLBACKS: Dict[SpeculativeAlgorithm, Callable[[object], Optional[SWAKVPool]]] = {
    SpeculativeAlgorithm.FROZEN_KV_MTP: _shared_kvcache,
    SpeculativeAlgorithm.NGRAM: _own_pool_only,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool = self.token_to_kv_pool
        elif model_runner.is_draft_worker:
            fallback = _DRAFT_FALLBACKS.get(model_runner.spec_algorithm, _shared_kvcache)
            self.swa_kv_pool = fallback(model_runner)
        else:
            self.swa_kv_pool = _shared_kvcache(model_runner)
        logger.debug("swa pool: %s", self.swa_kv_pool is not None)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
