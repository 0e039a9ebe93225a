"""Decode backend that falls back to the allocator's KV cache when its own pool is not SWA."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        swa_pool = self.token_to_kv_pool
        if not isinstance(swa_pool, SWAKVPool):
            # Some wrappers hand us a view of the pool; the allocator keeps the
            # concrete pool that registered the full->SWA mapping.
            swa_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.swa_kv_pool: Optional[SWAKVPool] = (
            swa_pool if isinstance(swa_pool, SWAKVPool) else None
        )
        self.use_sliding_window_kv_pool = (
            self.swa_kv_pool is not None and self.swa_kv_pool.swa_layer_nums > 0
        )
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            self.swa_out_cache_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        else:
            self.swa_out_cache_loc = None

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        if self.swa_out_cache_loc is not None:
            return self.swa_kv_pool, self.swa_out_cache_loc
        return self.token_to_kv_pool, loc
