"""Decode backend that detects a hybrid SWA pool by the members it exposes.

Any pool implementing the split full/SWA buffers plus the location remap is treated
as hybrid, which also covers out-of-tree pool subclasses.
"""

from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

_HYBRID_MEMBERS: Tuple[str, ...] = (
    "swa_kv_pool",
    "full_kv_pool",
    "translate_loc_from_full_to_swa",
)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.hybrid = all(hasattr(self.kv_pool, name) for name in _HYBRID_MEMBERS)
        self.num_free = model_runner.token_to_kv_pool_allocator.available_size()

    def forward_decode(self, loc: torch.Tensor):
        if not self.hybrid:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
