"""Decode backend that collects named SWA pool candidates and prunes them by runner role."""

import logging
from typing import Dict, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_PREFERENCE = ("own", "shared")


def _candidates(model_runner) -> Dict[str, object]:
    return {
        "own": model_runner.token_to_kv_pool,
        "shared": model_runner.token_to_kv_pool_allocator.get_kvcache(),
    }


def pick_swa_pool(model_runner) -> Optional[SWAKVPool]:
    found = _candidates(model_runner)
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        # drafts never attend over a pool the target might also write
        found.pop("own", None)
    for name in _PREFERENCE:
        pool = found.get(name)
        if isinstance(pool, SWAKVPool):
            logger.debug("swa pool from %s", name)
            return pool
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = pick_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
