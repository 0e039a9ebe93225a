"""CUDA-graph decode backend sizing buffers from the allocator while its pool picks the mode."""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class AttnMode(enum.Enum):
    FULL = 0
    WINDOWED = 1


@dataclass
class GraphState:
    cache_seqlens: torch.Tensor
    swa_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self.mode = (
            AttnMode.WINDOWED if isinstance(self.token_to_kv_pool, SWAKVPool) else AttnMode.FULL
        )
        # buffer capacity follows what the (shared) allocator can hand out
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self.max_swa_tokens = allocator.size_swa
        else:
            self.max_swa_tokens = allocator.size
        self.graph_state: Optional[GraphState] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_state = GraphState(
            cache_seqlens=torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            swa_indices=torch.zeros(
                min(max_num_tokens, self.max_swa_tokens), dtype=torch.int64, device=self.device
            ),
        )

    def forward_decode(self, loc):
        if self.mode is AttnMode.WINDOWED:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
