"""Decode backend that defers KV pool lookup to a captured getter.

Memory-saver mode can swap KV buffers out and back in between steps, so the
backend captures getter closures at init instead of caching objects: one for the
runner's KV pool, one for the allocator's free-token count used in step traces.
"""

from typing import Callable, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def make_getters(model_runner) -> Tuple[Callable[[], object], Callable[[], int]]:
    allocator = model_runner.token_to_kv_pool_allocator

    def _get_cache():
        return model_runner.token_to_kv_pool

    def _free_tokens() -> int:
        return int(allocator.available_size())

    return _get_cache, _free_tokens


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, trace: bool = False):
        super().__init__()
        self.page_size = model_runner.page_size
        self.trace = trace
        self._get_cache, self._free_tokens = make_getters(model_runner)

    def _locations_for(self, cache, loc: torch.Tensor) -> torch.Tensor:
        if isinstance(cache, SWAKVPool):
            return cache.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        cache = self._get_cache()
        if self.trace:
            print(f"[decode] {loc.numel()} tokens, {self._free_tokens()} free")
        return cache, self._locations_for(cache, loc)
