"""Decode backend that applies one role helper both at construction and at cuda-graph setup."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _keeps_own_kv(model_runner) -> bool:
    return model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()


def _hybrid_kvcache(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if _keeps_own_kv(model_runner):
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


@dataclass
class GraphState:
    max_bs: int
    swa_cache_loc: Optional[torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _hybrid_kvcache(model_runner)
        self.graph_state: Optional[GraphState] = None

    def init_cuda_graph_state(self, max_bs: int):
        needs_swa = self.swa_kv_pool is not None and not (
            _keeps_own_kv(self.model_runner) and not isinstance(self.token_to_kv_pool, SWAKVPool)
        )
        self.graph_state = GraphState(
            max_bs, torch.zeros(max_bs, dtype=torch.int64) if needs_swa else None
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
