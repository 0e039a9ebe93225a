"""Decode backends with a role-dependent ``kv_source`` property.

The base backend reads the pool bound to its runner. The speculative
variant overrides ``kv_source`` so EAGLE-family workers, which run against
the target's token allocator, look the cache up through that allocator.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class PoolBoundDecodeBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_cache: KVCache = self._kv_pool_for(model_runner)

    @property
    def kv_source(self) -> str:
        return "pool"

    def _kv_pool_for(self, model_runner) -> KVCache:
        if self.kv_source == "allocator":
            return model_runner.token_to_kv_pool_allocator.get_kvcache()
        return model_runner.token_to_kv_pool

    def _swa_view(self) -> Optional[SWAKVPool]:
        return self.kv_cache if isinstance(self.kv_cache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        swa = self._swa_view()
        if swa is None:
            return self.kv_cache, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)


class SpecAwareDecodeBackend(PoolBoundDecodeBackend):
    @property
    def kv_source(self) -> str:
        if self.model_runner.spec_algorithm.is_eagle():
            return "allocator"
        return super().kv_source


GeneratedAttnBackend = SpecAwareDecodeBackend
