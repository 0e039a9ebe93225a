"""Decode backend for hybrid attention models with lazily bound KV storage.

The KV storage is bound on first use through a ``cached_property`` because the
backend is constructed before ``init_memory_pool`` finishes on some launch paths.
"""

from functools import cached_property
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class DecodeMetadata:
    __slots__ = ("cache_loc", "num_tokens")

    def __init__(self, cache_loc: torch.Tensor):
        self.cache_loc = cache_loc
        self.num_tokens = int(cache_loc.numel())


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_head: Optional[int] = None):
        super().__init__()
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.num_head = num_head
        self.forward_metadata: Optional[DecodeMetadata] = None

    @cached_property
    def kv_storage(self) -> KVCache:
        return self._allocator.get_kvcache()

    @cached_property
    def is_hybrid(self) -> bool:
        return isinstance(self.kv_storage, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        storage = self.kv_storage
        cache_loc = storage.translate_loc_from_full_to_swa(loc) if self.is_hybrid else loc
        self.forward_metadata = DecodeMetadata(cache_loc)
        return storage, cache_loc
