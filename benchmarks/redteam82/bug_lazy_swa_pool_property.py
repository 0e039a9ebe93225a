"""Refactor: resolve the hybrid SWA pool lazily.

Constructing the backend before the KV cache is materialised (e.g. during CUDA-graph
warmup) used to fail; the pool is now looked up on first use.
"""

import functools
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_context_len: int = 8192):
        self.model_runner = model_runner
        self.max_context_len = max_context_len

    @property
    def kv_pool(self):
        return self.model_runner.token_to_kv_pool

    @functools.cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
        return None

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
