"""Decode backend with an optional explicit KV pool.

``kv_pool`` lets wrappers (e.g. a two-batch-overlap shim) hand in a pool
directly; by default the runner's own ``token_to_kv_pool`` is used.
"""

import warnings
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_pool: Optional[KVCache] = None, **legacy_kwargs):
        if "allocator" in legacy_kwargs:
            warnings.warn(
                "'allocator' is ignored; the backend reads the runner's KV pool",
                DeprecationWarning,
                stacklevel=2,
            )
        self.model_runner = model_runner
        self.kv_pool = kv_pool if kv_pool is not None else model_runner.token_to_kv_pool
        self.is_swa = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        if self.is_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
