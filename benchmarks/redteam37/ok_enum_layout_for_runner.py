"""Decode backend that classifies its KV layout with an enum built from the runner's own pool and role."""

import enum
import logging
from typing import Optional, Tuple

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    FULL = "full"
    OWN_SWA = "own_swa"
    TARGET_SWA = "target_swa"

    @classmethod
    def for_runner(cls, model_runner) -> Tuple["KVLayout", Optional[SWAKVPool]]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return cls.OWN_SWA, pool
        frozen_kv = model_runner.spec_algorithm.is_frozen_kv_mtp()
        if model_runner.is_draft_worker and not frozen_kv:
            return cls.FULL, None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return cls.TARGET_SWA, kvcache
        return cls.FULL, None

    @property
    def translates(self) -> bool:
        return self is not KVLayout.FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.layout, self.swa_kv_pool = KVLayout.for_runner(model_runner)
        logger.info(
            "kv layout %s (allocator %s)",
            self.layout.value,
            type(model_runner.token_to_kv_pool_allocator).__name__,
        )

    def forward_decode(self, loc):
        if self.layout.translates:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
