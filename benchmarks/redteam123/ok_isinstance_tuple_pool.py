"""Chunked-prefill aware decode backend for hybrid window models.

Any pool deriving from the SWA base (MHA- or MLA-backed) is treated as hybrid.
"""

from __future__ import annotations

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_WINDOW_POOL_TYPES = (SWAKVPool, BaseSWAKVPool)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_context_len: int = 0):
        self.max_context_len = max_context_len
        self.req_to_token = model_runner.req_to_token_pool
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.hybrid = isinstance(self.kv_pool, _WINDOW_POOL_TYPES)
        self._alloc = model_runner.token_to_kv_pool_allocator

    def stats(self) -> dict:
        return {"hybrid": self.hybrid, "free_tokens": self._alloc.available_size()}

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.hybrid:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
