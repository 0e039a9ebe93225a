"""Decode backend that defers KV pool lookup to a captured getter.

Memory-saver mode can swap KV buffers out and back in between steps, so the
backend does not cache the pool object itself; it captures a small getter closure
at init and calls it on every step to obtain the live cache.
"""

from typing import Callable, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def make_cache_getter(model_runner) -> Callable[[], object]:
    allocator = model_runner.token_to_kv_pool_allocator

    def _get_cache():
        return allocator.get_kvcache()

    return _get_cache


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, getter: Optional[Callable[[], object]] = None):
        super().__init__()
        self.page_size = model_runner.page_size
        self._get_cache = getter or make_cache_getter(model_runner)

    def _locations_for(self, cache, loc: torch.Tensor) -> torch.Tensor:
        if isinstance(cache, SWAKVPool):
            return cache.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        cache = self._get_cache()
        return cache, self._locations_for(cache, loc)
