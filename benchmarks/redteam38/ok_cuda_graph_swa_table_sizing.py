"""Decode backend whose cuda-graph SWA location buffer is sized from the allocator's SWA capacity."""

import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_bs = model_runner.max_running_requests
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # SWA locations never exceed the SWA capacity the allocator hands out.
        self._swa_capacity: Optional[int] = getattr(allocator, "size_swa", None)
        self._full_capacity: int = allocator.size
        pool = self.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        self.cuda_graph_cache_loc: Optional[torch.Tensor] = None
        self.cuda_graph_swa_loc: Optional[torch.Tensor] = None
        self.init_cuda_graph_state(self.max_bs, self.max_bs * 8)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_cache_loc = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )
        if self.swa_pool is not None:
            cap = self._swa_capacity or self._full_capacity
            self.cuda_graph_swa_loc = torch.zeros(
                min(max_num_tokens, cap), dtype=torch.int64, device=self.device
            )
        logger.debug(
            "cuda graph buffers: tokens=%d swa=%s",
            max_num_tokens,
            self.cuda_graph_swa_loc is not None,
        )

    def forward_decode(self, loc):
        n = loc.numel()
        self.cuda_graph_cache_loc[:n].copy_(loc)
        if self.cuda_graph_swa_loc is not None:
            buf = self.cuda_graph_swa_loc[:n]
            buf.copy_(self.swa_pool.translate_loc_from_full_to_swa(loc))
            return self.swa_pool, buf
        return self.token_to_kv_pool, self.cuda_graph_cache_loc[:n]
