"""Decode backend with per-step forward metadata.

The metadata object records which KV pool and which slot indices the decode
kernels consume, so CUDA-graph capture and replay can share the same layout.
"""

from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache, MLATokenToKVPool


@dataclass
class DecodeMetadata:
    kv_pool: KVCache
    kv_indices: torch.Tensor
    layout: str = "mha"
    extra: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 160):
        self.max_bs = max_bs
        self.device = model_runner.device
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.forward_metadata: Optional[DecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        pool = self.token_to_kv_pool
        if isinstance(pool, BaseSWAKVPool):
            meta = DecodeMetadata(pool, pool.translate_loc_from_full_to_swa(loc), layout="swa")
        elif isinstance(pool, MLATokenToKVPool):
            meta = DecodeMetadata(pool, loc, layout="mla")
        else:
            meta = DecodeMetadata(pool, loc)
        meta.extra["free_slots"] = self.allocator.available_size()
        self.forward_metadata = meta
        return meta

    def forward_decode(self, loc: torch.Tensor):
        meta = self.init_forward_metadata(loc)
        return meta.kv_pool, meta.kv_indices
