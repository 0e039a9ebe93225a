"""Backend resolving its SWA pool with speculative-algorithm enum checks."""

from __future__ import annotations

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

# Draft algorithms that read the target's KV cache instead of writing their own.
_SHARED_KV_DRAFTS = frozenset({SpeculativeAlgorithm.FROZEN_KV_MTP})


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.resolve_swa_pool(model_runner)

    @classmethod
    def resolve_swa_pool(cls, model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, (SWAKVPool,)):
            return model_runner.token_to_kv_pool
        is_draft = getattr(model_runner, "is_draft_worker", False)
        if is_draft and model_runner.spec_algorithm not in _SHARED_KV_DRAFTS:
            logger.debug(
                "%s draft keeps its own %s",
                model_runner.spec_algorithm.name,
                type(model_runner.token_to_kv_pool).__name__,
            )
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
