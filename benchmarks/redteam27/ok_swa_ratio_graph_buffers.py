"""Hybrid decode backend that sizes its CUDA-graph buffers from the allocator's two capacities."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class GraphBuffers:
    full_loc: torch.Tensor
    swa_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        # Capacity only: the allocator is shared with speculative workers, so it tells us how
        # many slots can be live, not which cache this runner reads.
        self.full_capacity = int(getattr(allocator, "size_full", allocator.size))
        if hasattr(allocator, "size_swa"):
            self.swa_capacity = int(allocator.size_swa)
        else:
            self.swa_capacity = self.full_capacity
        self.swa_ratio = self.swa_capacity / max(1, self.full_capacity)

        self.swa_pool: Optional[SWAKVPool] = self.pool if isinstance(self.pool, SWAKVPool) else None
        self.buffers: Optional[GraphBuffers] = None
        logger.info(
            "kv capacity full=%d swa=%d (ratio %.2f)",
            self.full_capacity,
            self.swa_capacity,
            self.swa_ratio,
        )

    def init_cuda_graph_state(self, max_num_tokens: int):
        full_loc = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)
        swa_loc = None
        if self.swa_pool is not None:
            swa_loc = torch.zeros(
                min(max_num_tokens, self.swa_capacity), dtype=torch.int64, device=self.device
            )
        self.buffers = GraphBuffers(full_loc=full_loc, swa_loc=swa_loc)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
