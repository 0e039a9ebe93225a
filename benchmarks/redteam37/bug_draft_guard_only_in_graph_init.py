"""Decode backend that revisits the SWA pool for drafts when it sets up cuda-graph state."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class GraphState:
    max_bs: int
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor]


def _hybrid_kvcache(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _hybrid_kvcache(model_runner)
        self.graph_state: Optional[GraphState] = None

    def init_cuda_graph_state(self, max_bs: int):
        mr = self.model_runner
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            # the draft's graphs index its own full pool
            self.swa_kv_pool = None
        self.graph_state = GraphState(
            max_bs=max_bs,
            cache_loc=torch.zeros(max_bs, dtype=torch.int64),
            swa_cache_loc=(
                torch.zeros(max_bs, dtype=torch.int64) if self.swa_kv_pool is not None else None
            ),
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
