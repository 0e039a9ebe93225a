"""Decode backend specialised per KV cache type via ``singledispatchmethod``.

The cache is taken from the token allocator (``get_kvcache``), which is the
single source of truth for the physical buffers behind the indices it issues.
"""

from __future__ import annotations

from functools import singledispatchmethod
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_swa: bool = True):
        self.enable_swa = enable_swa
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_cache: KVCache = self.allocator.get_kvcache()
        self.max_context_len = model_runner.model_config.context_len

    @singledispatchmethod
    def _resolve(self, cache: KVCache, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return cache, loc

    @_resolve.register
    def _resolve_swa(self, cache: SWAKVPool, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self.enable_swa:
            return cache, loc
        return cache, cache.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self._resolve(self.kv_cache, loc)
