"""Triton-style decode backend that accepts an injected KV pool for testing.

When no pool is passed in, the backend uses the runner's own token-to-KV pool.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _resolve_kv_pool(model_runner, pool: Optional[KVCache] = None) -> KVCache:
    if pool is not None:
        return pool
    return model_runner.token_to_kv_pool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, kv_pool: Optional[KVCache] = None, max_bs: int = 256):
        super().__init__()
        self.max_bs = max_bs
        self.device = model_runner.device
        self.kv_pool = _resolve_kv_pool(model_runner, kv_pool)
        self.is_swa = isinstance(self.kv_pool, SWAKVPool)

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        if self.is_swa:
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self.init_forward_metadata(loc)
