"""Intel AMX backend wrapped for two-batch overlap.

Each micro-batch gets a child view that shares the parent's resolved KV pool.
The allocator page size is forwarded so children split sequences on page
boundaries.
"""

from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _AmxChild:
    def __init__(self, pool, swa_pool: Optional[SWAKVPool], page_size: int):
        self.pool = pool
        self.swa_pool = swa_pool
        self.page_size = page_size

    def decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_children: int = 2):
        page_size = model_runner.token_to_kv_pool_allocator.page_size
        pool = model_runner.token_to_kv_pool
        swa_pool = pool if isinstance(pool, SWAKVPool) else None
        self.children: List[_AmxChild] = [
            _AmxChild(pool, swa_pool, page_size) for _ in range(num_children)
        ]

    def forward_decode(self, loc: torch.Tensor):
        return self.children[0].decode(loc)
