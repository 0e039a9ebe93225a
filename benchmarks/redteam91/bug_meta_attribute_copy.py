"""Decode backend with a per-step metadata object.

Memory handles are copied onto ``ForwardMeta`` when it is created so kernels
only need the metadata. The metadata resolves its cache from the allocator it
was given.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class ForwardMeta:
    def __init__(self):
        self.allocator = None
        self.pool = None
        self.cache_loc: Optional[torch.Tensor] = None

    def bind(self, allocator) -> "ForwardMeta":
        self.allocator = allocator
        self.pool = self.allocator.get_kvcache()
        return self


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, topk: int = 1):
        super().__init__()
        self.kv_allocator = model_runner.token_to_kv_pool_allocator
        self.topk = topk
        self.meta = ForwardMeta()

    def init_forward_metadata(self, loc: torch.Tensor) -> ForwardMeta:
        meta = self.meta
        meta.allocator = self.kv_allocator
        meta.bind(meta.allocator)
        if isinstance(meta.pool, SWAKVPool):
            meta.cache_loc = meta.pool.translate_loc_from_full_to_swa(loc)
        else:
            meta.cache_loc = loc
        return meta

    def forward_decode(self, loc):
        meta = self.init_forward_metadata(loc)
        return meta.pool, meta.cache_loc
