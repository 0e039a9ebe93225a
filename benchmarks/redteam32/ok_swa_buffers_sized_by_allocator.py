"""Decode backend that sizes its SWA graph buffers from the allocator and logs its kind."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            logger.info(
                "hybrid SWA allocator: full=%d swa=%d", allocator.size_full, allocator.size_swa
            )
            self.swa_slots = allocator.size_swa
        else:
            self.swa_slots = 0

        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self.cuda_graph_swa_out_cache_loc: Optional[torch.Tensor] = None
        if self.swa_kv_pool is not None:
            self.cuda_graph_swa_out_cache_loc = torch.zeros(
                max(self.swa_slots, 1), dtype=torch.int64, device=self.device
            )

    def _fill_cuda_graph_swa_out_cache_loc(self, out_cache_loc: torch.Tensor):
        if self.cuda_graph_swa_out_cache_loc is None:
            return None
        n = out_cache_loc.shape[0]
        self.cuda_graph_swa_out_cache_loc[:n].copy_(
            self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        )
        return self.cuda_graph_swa_out_cache_loc[:n]

    def forward_decode(self, loc):
        swa_loc = self._fill_cuda_graph_swa_out_cache_loc(loc)
        if swa_loc is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, swa_loc.clone()
