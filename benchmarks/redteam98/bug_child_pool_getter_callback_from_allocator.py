"""Wrapper backend that hands its child a lazy pool getter.

KV pools can be re-created (e.g. after memory re-sizing), so children never cache the pool
object; instead the wrapper gives them a zero-argument callable that returns the current
pool, along with the SWA flag computed once at construction time.
"""

from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _LazyPoolChild:
    def __init__(self, get_pool: Callable[[], object], is_swa: bool):
        self._get_pool = get_pool
        self.is_swa = is_swa

    def forward_decode(self, loc: torch.Tensor):
        pool = self._get_pool()
        if self.is_swa:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, window: Optional[int] = None):
        super().__init__()
        self.window = window
        allocator = model_runner.token_to_kv_pool_allocator

        def current_pool():
            return allocator.get_kvcache()

        self.child = _LazyPoolChild(current_pool, isinstance(current_pool(), SWAKVPool))

    def forward_decode(self, loc: torch.Tensor):
        return self.child.forward_decode(loc)
