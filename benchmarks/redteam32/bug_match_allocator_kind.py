"""Decode backend whose pool-selection if-chain was rewritten as a match statement."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool

logger = logging.getLogger(__name__)


@dataclass
class PoolSelection:
    pool: object
    translate: bool
    description: str


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.max_bs = model_runner.max_running_requests
        self.selection = self._select_pool(model_runner)
        logger.info("decode backend reads %s", self.selection.description)
        self.cuda_graph_kv_indices = torch.zeros(self.max_bs, dtype=torch.int64)

    @staticmethod
    def _select_pool(model_runner) -> PoolSelection:
        match model_runner.token_to_kv_pool_allocator:
            case SWATokenToKVPoolAllocator() as allocator:
                return PoolSelection(allocator.get_kvcache(), True, "hybrid SWA pool")
            case _ if isinstance(model_runner.token_to_kv_pool, MHATokenToKVPool):
                return PoolSelection(model_runner.token_to_kv_pool, False, "MHA pool")
            case _:
                return PoolSelection(model_runner.token_to_kv_pool, False, "KV pool")

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.selection.translate:
            return self.selection.pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        indices = self._kv_indices(loc)
        n = indices.numel()
        self.cuda_graph_kv_indices[:n].copy_(indices)
        return self.selection.pool, self.cuda_graph_kv_indices[:n].clone()
