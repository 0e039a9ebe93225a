"""Decode backend that dispatches SWA pool lookup through a table of callbacks keyed by runner role."""

import enum
import logging
from typing import Callable, Dict, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class RunnerRole(enum.Enum):
    TARGET = "target"
    DRAFT = "draft"
    FROZEN_KV_DRAFT = "frozen_kv_draft"

    @classmethod
    def of(cls, model_runner) -> "RunnerRole":
        if not model_runner.is_draft_worker:
            return cls.TARGET
        if model_runner.spec_algorithm.is_frozen_kv_mtp():
            return cls.FROZEN_KV_DRAFT
        return cls.DRAFT


def _shared_kvcache(model_runner) -> Optional[SWAKVPool]:
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def _no_swa(model_runner) -> Optional[SWAKVPool]:
    return None


_FALLBACKS: Dict[RunnerRole, Callable[[object], Optional[SWAKVPool]]] = {
    RunnerRole.TARGET: _shared_kvcache,
    RunnerRole.FROZEN_KV_DRAFT: _shared_kvcache,
    RunnerRole.DRAFT: _no_swa,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.role = RunnerRole.of(model_runner)
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool = self.token_to_kv_pool
        else:
            self.swa_kv_pool = _FALLBACKS[self.role](model_runner)
        logger.debug("role=%s swa=%s", self.role.value, self.swa_kv_pool is not None)

    def forward_decode(self, loc):
        pool = self.swa_kv_pool
        if pool is None:
            return self.token_to_kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
