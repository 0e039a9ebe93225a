"""CUDA-graph decode backend sizing SWA buffers from the allocator and reading its windowed cache."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class GraphBuffers:
    cache_seqlens: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.context_len = model_runner.model_config.context_len
        self.swa_tokens = getattr(allocator, "size_swa", 0)
        self.is_hybrid = self.swa_tokens > 0
        self.swa_kv_pool = allocator.get_kvcache() if self.is_hybrid else None
        self.graph_buffers: Optional[GraphBuffers] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        swa_table = None
        if self.is_hybrid:
            swa_table = torch.zeros(
                (max_bs, self.context_len), dtype=torch.int32, device=self.device
            )
        self.graph_buffers = GraphBuffers(
            cache_seqlens=torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            swa_page_table=swa_table,
        )
        logger.debug("graph buffers for %d reqs, %d swa tokens", max_bs, self.swa_tokens)

    def forward_decode(self, loc):
        if self.is_hybrid:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
