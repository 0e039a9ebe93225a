"""Decode backend whose pool if-chain was rewritten as a match over the runner's own pool."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class LayoutInfo:
    name: str
    swa_pool: Optional[SWAKVPool] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.max_bs = model_runner.max_running_requests
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.layout = self._layout_of(self.token_to_kv_pool)
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "layout=%s allocator=%s free=%d",
            self.layout.name,
            allocator.__class__.__name__,
            allocator.available_size(),
        )
        self.cuda_graph_kv_indices = torch.zeros(self.max_bs, dtype=torch.int64)

    @staticmethod
    def _layout_of(pool) -> LayoutInfo:
        match pool:
            case SWAKVPool(swa_layer_nums=n) if n > 0:
                return LayoutInfo("hybrid_swa", pool)
            case MHATokenToKVPool():
                return LayoutInfo("mha")
            case _:
                return LayoutInfo("other")

    def forward_decode(self, loc):
        swa_pool = self.layout.swa_pool
        indices = loc if swa_pool is None else swa_pool.translate_loc_from_full_to_swa(loc)
        n = indices.numel()
        self.cuda_graph_kv_indices[:n].copy_(indices)
        return self.token_to_kv_pool, self.cuda_graph_kv_indices[:n].clone()
