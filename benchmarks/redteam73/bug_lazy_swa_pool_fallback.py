"""Torch flex-attention backend: lazily bound SWA pool.

The SWA pool is resolved from the active pool at init. Because the full->swa
mapping is registered after some runners build their backends, decode falls
back to the allocator's cache when nothing was bound at construction time.
"""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, block_size: int = 128):
        super().__init__()
        self.device = model_runner.device
        self.block_size = block_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        pool = self.token_to_kv_pool
        self._swa_kv_pool: Optional[BaseSWAKVPool] = (
            pool if isinstance(pool, BaseSWAKVPool) else None
        )

    def _get_swa_kv_pool(self) -> Optional[BaseSWAKVPool]:
        if self._swa_kv_pool is None:
            kvcache = self.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kvcache, BaseSWAKVPool):
                self._swa_kv_pool = kvcache
        return self._swa_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        swa_kv_pool = self._get_swa_kv_pool()
        if swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return swa_kv_pool, swa_kv_pool.translate_loc_from_full_to_swa(loc)
