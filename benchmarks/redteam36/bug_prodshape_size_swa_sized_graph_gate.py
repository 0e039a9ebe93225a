"""CUDA-graph decode backend that allocates SWA buffers when the allocator has an SWA budget."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class GraphBuffers:
    max_bs: int
    out_cache_loc: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = getattr(model_runner, "device", "cpu")
        self.max_bs = int(getattr(model_runner, "max_running_requests", 8) or 8)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Only hybrid allocators expose a separate sliding-window budget.
        self.max_swa_tokens = int(getattr(allocator, "size_swa", 0) or 0)
        self.cuda_graph_buffers: Optional[GraphBuffers] = None
        logger.info("swa token budget: %d", self.max_swa_tokens)

    def init_cuda_graph_state(self, max_bs: int):
        buffers = GraphBuffers(
            max_bs=max_bs,
            out_cache_loc=torch.zeros(max_bs, dtype=torch.int64, device=self.device),
        )
        if self.max_swa_tokens > 0:
            buffers.swa_out_cache_loc = torch.zeros(max_bs, dtype=torch.int64, device=self.device)
        self.cuda_graph_buffers = buffers

    def forward_decode(self, loc):
        if self.cuda_graph_buffers is None:
            self.init_cuda_graph_state(self.max_bs)
        bs = loc.shape[0]
        buffers = self.cuda_graph_buffers
        buffers.out_cache_loc[:bs].copy_(loc)
        if buffers.swa_out_cache_loc is None:
            return self.token_to_kv_pool, buffers.out_cache_loc[:bs].clone()
        swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(buffers.out_cache_loc[:bs])
        buffers.swa_out_cache_loc[:bs].copy_(swa_loc)
        return self.token_to_kv_pool, buffers.swa_out_cache_loc[:bs].clone()
