"""CUDA-graph decode backend sizing its SWA buffers from the allocator's token budgets."""

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class GraphBuffers:
    max_bs: int
    out_cache_loc: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None
    extra: Dict[str, torch.Tensor] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = getattr(model_runner, "device", "cpu")
        self.max_bs = int(getattr(model_runner, "max_running_requests", 8) or 8)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        # Budgets: the hybrid allocator tracks a separate (smaller) SWA token budget.
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self.max_swa_tokens = int(allocator.size_swa)
            self.max_full_tokens = int(allocator.size_full)
        else:
            self.max_full_tokens = int(getattr(allocator, "size", 0))
            self.max_swa_tokens = self.max_full_tokens

        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self.cuda_graph_buffers: Optional[GraphBuffers] = None
        logger.info(
            "%s budgets: full=%d swa=%d",
            type(allocator).__name__,
            self.max_full_tokens,
            self.max_swa_tokens,
        )

    def init_cuda_graph_state(self, max_bs: int):
        buffers = GraphBuffers(
            max_bs=max_bs,
            out_cache_loc=torch.zeros(max_bs, dtype=torch.int64, device=self.device),
        )
        if self.swa_kv_pool is not None:
            buffers.swa_out_cache_loc = torch.zeros(max_bs, dtype=torch.int64, device=self.device)
        self.cuda_graph_buffers = buffers

    def forward_decode(self, loc):
        if self.cuda_graph_buffers is None:
            self.init_cuda_graph_state(self.max_bs)
        bs = loc.shape[0]
        buffers = self.cuda_graph_buffers
        buffers.out_cache_loc[:bs].copy_(loc)
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, buffers.out_cache_loc[:bs].clone()
        swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(buffers.out_cache_loc[:bs])
        buffers.swa_out_cache_loc[:bs].copy_(swa_loc)
        return self.swa_kv_pool, buffers.swa_out_cache_loc[:bs].clone()
