"""Backend that resolves its SWA pool from a per-algorithm draft KV policy table."""

import enum
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class DraftKV(enum.Enum):
    OWN_POOL = "own"
    TARGET_POOL = "target"


# Where each draft algorithm keeps the KV it attends over.
_DRAFT_KV_POLICY = {
    SpeculativeAlgorithm.EAGLE3: DraftKV.OWN_POOL,
    SpeculativeAlgorithm.STANDALONE: DraftKV.OWN_POOL,
    SpeculativeAlgorithm.FROZEN_KV_MTP: DraftKV.TARGET_POOL,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if model_runner.is_draft_worker:
            policy = _DRAFT_KV_POLICY.get(model_runner.spec_algorithm, DraftKV.TARGET_POOL)
            if policy is DraftKV.OWN_POOL:
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
