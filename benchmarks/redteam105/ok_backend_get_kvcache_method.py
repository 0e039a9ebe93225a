"""Decode backend exposing ``get_kvcache`` for the CUDA-graph runner.

The graph runner captures buffers through ``backend.get_kvcache()``; this returns
the pool the model runner built for this worker.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.skip_prefill = skip_prefill
        self._kvcache: KVCache = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def get_kvcache(self) -> KVCache:
        return self._kvcache

    def get_swa_kvcache(self) -> Optional[SWAKVPool]:
        kvcache = self.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        kvcache = self.get_kvcache()
        swa_kvcache = self.get_swa_kvcache()
        if swa_kvcache is not None:
            loc = swa_kvcache.translate_loc_from_full_to_swa(loc)
        return kvcache, loc
