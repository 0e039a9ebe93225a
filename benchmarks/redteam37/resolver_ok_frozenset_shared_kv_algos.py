"""SWA pool resolver using a class-level set of draft algorithms that read the target's KV."""

import logging
from typing import FrozenSet, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    # Draft algorithms whose draft model attends over the target's KV cache.
    TARGET_KV_DRAFT_ALGOS: FrozenSet[SpeculativeAlgorithm] = frozenset(
        {SpeculativeAlgorithm.FROZEN_KV_MTP}
    )

    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.resolve_swa_kv_pool(model_runner)

    @classmethod
    def _reads_target_kv(cls, model_runner) -> bool:
        if not model_runner.is_draft_worker:
            return True
        return model_runner.spec_algorithm in cls.TARGET_KV_DRAFT_ALGOS

    @classmethod
    def resolve_swa_kv_pool(cls, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if not cls._reads_target_kv(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
