"""Decode backend that accepts the allocator's cache only when it is this runner's own pool."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        self.swa_pool: Optional[SWAKVPool] = None
        if kvcache is self.pool and isinstance(kvcache, SWAKVPool):
            self.swa_pool = kvcache
        elif kvcache is not self.pool:
            # Shared allocator (speculative worker): the slots are ours, the buffers are not.
            logger.info(
                "allocator cache %s is not this runner's pool %s",
                type(kvcache).__name__,
                type(self.pool).__name__,
            )
        self.device = model_runner.device

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.out_cache_loc = out_cache_loc.to(self.device)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_out_loc = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)
        self.cuda_graph_swa_loc = (
            torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)
            if self.swa_pool is not None
            else None
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
