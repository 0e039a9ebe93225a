"""Sliding-window aware decode backend built on module-level helpers.

The helpers take the model runner directly so that the CUDA-graph runner
and the eager path can share them without instantiating a backend.
"""

from __future__ import annotations

from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def get_decode_kv_cache(model_runner) -> KVCache:
    """Return the cache object decode kernels should read from."""
    return model_runner.token_to_kv_pool


def is_hybrid_swa_cache(kv_cache: KVCache) -> bool:
    return isinstance(kv_cache, SWAKVPool)


def decode_locations(kv_cache: KVCache, loc: torch.Tensor) -> torch.Tensor:
    if is_hybrid_swa_cache(kv_cache):
        return kv_cache.translate_loc_from_full_to_swa(loc)
    return loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = -1):
        super().__init__()
        self.sliding_window_size = sliding_window_size
        self.kv_cache = get_decode_kv_cache(model_runner)
        self.max_context_len = model_runner.model_config.context_len

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_cache, decode_locations(self.kv_cache, loc)
