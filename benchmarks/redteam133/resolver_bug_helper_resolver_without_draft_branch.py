"""Metadata builder that resolves the sliding-window KV pool for the backend.

The builder looks at the active pool first and falls back to the cache the allocator was
created with, which covers runners that wrap their pool in a host-offload proxy.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class HybridMetadataBuilder:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool()

    def _resolve_swa_kv_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        allocator = self.model_runner.token_to_kv_pool_allocator
        cache = allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            logger.info("using allocator-registered SWA pool")
            return cache
        return None

    def decode(self, out_cache_loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, out_cache_loc
        swa = self.swa_kv_pool
        return swa, swa.translate_loc_from_full_to_swa(out_cache_loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 0):
        self.speculative_num_steps = speculative_num_steps
        self.metadata_builder = HybridMetadataBuilder(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self.metadata_builder.decode(loc)
