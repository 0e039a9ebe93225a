"""Decode backend with an MRO-resolved layout registry.

The registry maps KV cache classes to a layout tag ("full" or "swa").  The
layout is determined once at construction from the KV cache that backs the
runner's token allocator, so that all backends sharing an allocator agree on
the index space.
"""

from typing import Dict, Tuple

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache

_LAYOUTS: Dict[type, str] = {
    KVCache: "full",
    BaseSWAKVPool: "swa",
}


def layout_for(cache_cls: type) -> str:
    for klass in cache_cls.__mro__:
        if klass in _LAYOUTS:
            return _LAYOUTS[klass]
    raise KeyError(f"unregistered KV cache class {cache_cls.__qualname__}")


class DecodeMetadata:
    __slots__ = ("layout", "page_size")

    def __init__(self, layout: str, page_size: int):
        self.layout = layout
        self.page_size = page_size


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.kv_pool = model_runner.token_to_kv_pool
        backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.metadata = DecodeMetadata(layout_for(type(backing)), model_runner.page_size)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.metadata.layout == "swa":
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
