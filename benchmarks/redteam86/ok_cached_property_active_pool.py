"""Decode backend with lazily cached pool properties.

``kv_pool`` and ``swa_pool`` are cached on first access, so backends created before the
memory pools exist can still be constructed cheaply.
"""

import functools
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.page_size = model_runner.page_size

    @functools.cached_property
    def kv_pool(self) -> KVCache:
        return self.model_runner.token_to_kv_pool

    @functools.cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def describe(self) -> str:
        allocator = self.model_runner.token_to_kv_pool_allocator
        return f"{type(self.kv_pool).__name__} via {type(allocator).__name__}"

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa = self.swa_pool
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
