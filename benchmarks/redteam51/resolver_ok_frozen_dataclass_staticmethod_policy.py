"""Sliding-window read policy derived from the runner by a static factory.

``SwaPolicy`` is an immutable record of where the window layers read; it is
built once and shared by the decode, extend and cuda-graph paths.
"""

import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class PoolRole(enum.Enum):
    OWN = "own"
    SHARED = "shared"
    DENSE = "dense"


@dataclass(frozen=True)
class SwaPolicy:
    role: PoolRole
    swa_pool: Optional[SWAKVPool] = None

    @staticmethod
    def for_runner(model_runner) -> "SwaPolicy":
        if isinstance(pool := model_runner.token_to_kv_pool, SWAKVPool):
            return SwaPolicy(PoolRole.OWN, pool)
        algo = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
        is_draft = getattr(model_runner, "is_draft_worker", False)
        if is_draft and algo != SpeculativeAlgorithm.FROZEN_KV_MTP:
            return SwaPolicy(PoolRole.DENSE)
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(cache := allocator.get_kvcache(), SWAKVPool):
            return SwaPolicy(PoolRole.SHARED, cache)
        return SwaPolicy(PoolRole.DENSE)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.policy = SwaPolicy.for_runner(model_runner)
        swa_tokens = getattr(model_runner.token_to_kv_pool_allocator, "size_swa", 0)
        logger.info("swa role=%s, swa tokens=%d", self.policy.role.value, swa_tokens)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_locs = torch.zeros(max_num_tokens, dtype=torch.int64)

    def _locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.policy.role is PoolRole.DENSE:
            return loc
        return self.policy.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_extend(self, loc):
        return self.forward_decode(loc)

    def forward_decode(self, loc):
        pool = self.policy.swa_pool
        if pool is None:
            pool = self.model_runner.token_to_kv_pool
        return pool, self._locations(loc)
