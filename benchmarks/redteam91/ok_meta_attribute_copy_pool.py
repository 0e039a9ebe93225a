"""Decode backend with a per-step metadata object.

Memory handles are copied onto ``ForwardMeta`` when it is created so kernels
only need the metadata. The allocator copy is used for the step's free-count
snapshot.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class ForwardMeta:
    def __init__(self):
        self.allocator = None
        self.pool = None
        self.free_snapshot = 0
        self.cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, topk: int = 1):
        super().__init__()
        self.kv_allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.topk = topk
        self.meta = ForwardMeta()

    def init_forward_metadata(self, loc: torch.Tensor) -> ForwardMeta:
        meta = self.meta
        meta.allocator, meta.pool = self.kv_allocator, self.kv_pool
        meta.free_snapshot = meta.allocator.available_size()
        if isinstance(meta.pool, SWAKVPool):
            meta.cache_loc = meta.pool.translate_loc_from_full_to_swa(loc)
        else:
            meta.cache_loc = loc
        return meta

    def forward_decode(self, loc):
        meta = self.init_forward_metadata(loc)
        return meta.pool, meta.cache_loc
