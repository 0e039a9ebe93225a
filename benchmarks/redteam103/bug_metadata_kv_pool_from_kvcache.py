"""Decode backend with per-step forward metadata.

The metadata object records which KV pool and which slot indices the decode
kernels consume, so CUDA-graph capture and replay can share the same layout.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool, MLATokenToKVPool


@dataclass
class DecodeMetadata:
    kv_pool: KVCache
    kv_indices: torch.Tensor
    is_swa: bool = False
    is_mla: bool = False


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 160):
        self.max_bs = max_bs
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.forward_metadata: Optional[DecodeMetadata] = None

    def _kv_pool_for_metadata(self) -> KVCache:
        kvcache = self.allocator.get_kvcache()
        if isinstance(kvcache, (BaseSWAKVPool, MLATokenToKVPool, MHATokenToKVPool)):
            return kvcache
        return self.token_to_kv_pool

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        pool = self._kv_pool_for_metadata()
        if isinstance(pool, BaseSWAKVPool):
            meta = DecodeMetadata(pool, pool.translate_loc_from_full_to_swa(loc), is_swa=True)
        elif isinstance(pool, MLATokenToKVPool):
            meta = DecodeMetadata(pool, loc, is_mla=True)
        else:
            meta = DecodeMetadata(pool, loc)
        self.forward_metadata = meta
        return meta

    def forward_decode(self, loc: torch.Tensor):
        meta = self.init_forward_metadata(loc)
        return meta.kv_pool, meta.kv_indices
