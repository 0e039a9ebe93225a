"""Decode backend that cross-checks its pool against the allocator's registered KV cache."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        registered = model_runner.token_to_kv_pool_allocator.get_kvcache()
        # The allocator frees into the pool it was built over; only when that
        # is our own pool may we rely on its full->SWA mapping.
        self.owns_allocator_pool = registered is self.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = None
        if self.owns_allocator_pool and isinstance(registered, SWAKVPool):
            self.swa_kv_pool = registered
        elif not self.owns_allocator_pool:
            logger.info("KV pool is separate from the shared allocator's pool")
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int):
        self.cuda_graph_swa_out_cache_loc = (
            torch.zeros(max_bs, dtype=torch.int64, device=self.device)
            if self.swa_kv_pool is not None
            else None
        )

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.swa_out_cache_loc = (
            None
            if self.swa_kv_pool is None
            else self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        if self.swa_out_cache_loc is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_out_cache_loc
