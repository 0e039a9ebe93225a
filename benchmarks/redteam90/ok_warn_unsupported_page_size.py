"""Decode backend for sliding-window layers with page-size checks.

Pages larger than one token work but take a slower gather path; we warn once
so operators know why decode is slower than expected.
"""

import warnings
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_FAST_PAGE_SIZES = (1,)


class GeneratedAttnBackend:
    def __init__(self, model_runner, layer_id: int = 0):
        self.layer_id = layer_id
        self.page_size = model_runner.page_size
        if self.page_size not in _FAST_PAGE_SIZES:
            warnings.warn(
                f"page_size={self.page_size} uses the generic gather path",
                RuntimeWarning,
                stacklevel=2,
            )
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = None
        if isinstance(self.kv_pool, SWAKVPool):
            self.swa_pool = self.kv_pool
        elif isinstance(model_runner.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool):
            warnings.warn(
                "allocator backs a hybrid SWA cache but this runner's pool is full-only; "
                "SWA layers will read the full pool",
                stacklevel=2,
            )

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_pool if self.swa_pool is not None else self.kv_pool
        if self.swa_pool is not None:
            loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
