"""Wrapper backend that gives its child a lazy pool getter.

The getter re-reads the runner's KV pool on every call so that the child always sees the
pool currently attached to the runner; the sliding-window mode is derived from that pool.
"""

from typing import Callable

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _LazyChild:
    def __init__(self, get_pool: Callable[[], object]):
        self._get_pool = get_pool

    def forward_decode(self, loc: torch.Tensor):
        pool = self._get_pool()
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.child = _LazyChild(lambda: self.model_runner.token_to_kv_pool)
        free = model_runner.token_to_kv_pool_allocator.available_size()
        self.description = f"lazy-pool wrapper ({free} free tokens at init)"

    def forward_decode(self, loc: torch.Tensor):
        return self.child.forward_decode(loc)
