"""Speculative-aware SWA pool resolution for the hybrid backend (EAGLE / EAGLE3 / FROZEN_KV)."""

import enum
import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class WorkerRole(enum.Enum):
    TARGET = "target"
    DRAFT = "draft"
    FROZEN_DRAFT = "frozen_draft"


def _role_of(mr) -> WorkerRole:
    if not getattr(mr, "is_draft_worker", False):
        return WorkerRole.TARGET
    algo = getattr(mr, "spec_algorithm", SpeculativeAlgorithm.NONE)
    if algo in (SpeculativeAlgorithm.FROZEN_KV_MTP,):
        return WorkerRole.FROZEN_DRAFT
    return WorkerRole.DRAFT


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.role = _role_of(model_runner)
        self.swa_pool = self._resolve_swa_pool(model_runner)
        logger.debug("role=%s swa=%s", self.role.value, self.swa_pool is not None)

    def _resolve_swa_pool(self, mr):
        if hasattr(mr.token_to_kv_pool, "translate_loc_from_full_to_swa"):
            return mr.token_to_kv_pool
        match self.role:
            case WorkerRole.DRAFT:
                return None
            case WorkerRole.TARGET | WorkerRole.FROZEN_DRAFT:
                kv = mr.token_to_kv_pool_allocator.get_kvcache()
                return kv if isinstance(kv, SWAKVPool) else None
        return None

    def describe(self) -> dict:
        return {"role": self.role.value, "swa": self.swa_pool is not None}

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
