"""Hybrid KV detection cached as a property.

``is_hybrid`` is computed once from the type of the cache the token allocator
manages and dropped by ``reset``. Decode always reads the runner's active
pool; when hybrid, locations are mapped into the window index space first.
"""

import functools
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_window: bool = True):
        self.model_runner = model_runner
        self.enable_window = enable_window

    @functools.cached_property
    def is_hybrid(self) -> bool:
        cache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return self.enable_window and type(cache) is SWAKVPool

    def reset(self) -> None:
        self.__dict__.pop("is_hybrid", None)

    def toggle_window(self, enabled: bool) -> None:
        self.enable_window = enabled
        self.reset()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.model_runner.token_to_kv_pool
        if self.is_hybrid:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
