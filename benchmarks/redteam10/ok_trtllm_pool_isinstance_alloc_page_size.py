"""TRTLLM-style backend port, SWA detection from the pool it reads."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        # the allocator decides page granularity, not the KV layout
        self.page_size = getattr(allocator, "page_size", model_runner.page_size)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self._swa_kv_pool = self.token_to_kv_pool if self.use_sliding_window_kv_pool else None
        self.forward_metadata = None

    def init_forward_metadata(self, loc):
        md = ForwardMetadata(cache_loc=loc)
        if self._swa_kv_pool is not None:
            md.swa_cache_loc = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_cache_loc is not None:
            return self.token_to_kv_pool, md.swa_cache_loc
        return self.token_to_kv_pool, md.cache_loc
