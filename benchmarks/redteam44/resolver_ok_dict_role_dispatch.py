"""Hybrid attn spec backend: SWA pool resolvers dispatched from a dict keyed by worker role."""

import logging
from dataclasses import dataclass
from typing import Callable, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def _kvcache_swa(model_runner) -> Optional[SWAKVPool]:
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def _own_swa(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _resolve_target(model_runner) -> Optional[SWAKVPool]:
    return _own_swa(model_runner) or _kvcache_swa(model_runner)


_RESOLVERS: Dict[str, Callable[[object], Optional[SWAKVPool]]] = {
    "target": _resolve_target,
    # a regular draft shares the allocator, not the pool: never borrow the target's cache
    "draft": _own_swa,
    "frozen_kv_draft": _resolve_target,
}


@dataclass
class HybridSpecMetadata:
    kv_indices: torch.Tensor
    role: str
    swa_budget: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.role = self._role(model_runner)
        self.swa_kv_pool = _RESOLVERS[self.role](model_runner)
        self.swa_budget = int(getattr(model_runner.token_to_kv_pool_allocator, "size_swa", 0))
        self.metadata: Optional[HybridSpecMetadata] = None
        logger.info("hybrid spec backend: role=%s swa=%s", self.role, self.swa_kv_pool is not None)

    @staticmethod
    def _role(model_runner) -> str:
        if not model_runner.is_draft_worker:
            return "target"
        algo = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
        return "frozen_kv_draft" if algo.is_frozen_kv_mtp() else "draft"

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            self.metadata = HybridSpecMetadata(loc, self.role, self.swa_budget)
            return self.kv_pool, loc
        swa_loc = self.swa_kv_pool.full_to_swa_index_mapping[loc]
        self.metadata = HybridSpecMetadata(swa_loc, self.role, self.swa_budget)
        return self.swa_kv_pool, swa_loc
