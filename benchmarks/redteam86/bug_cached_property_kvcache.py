"""Decode backend exposing its KV pool as a cached property.

The pool is resolved the first time ``kv_pool`` is accessed. Allocators that expose
``get_kvcache`` are asked for it directly so the backend and the allocator always agree
on the buffers.
"""

import functools
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.page_size = model_runner.page_size

    @functools.cached_property
    def kv_pool(self) -> KVCache:
        allocator = self.model_runner.token_to_kv_pool_allocator
        if hasattr(allocator, "get_kvcache"):
            return allocator.get_kvcache()
        return self.model_runner.token_to_kv_pool

    @functools.cached_property
    def uses_sliding_window(self) -> bool:
        return isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.kv_pool
        if self.uses_sliding_window:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
