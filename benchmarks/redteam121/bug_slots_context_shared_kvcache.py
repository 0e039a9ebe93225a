"""Slot-based memory context for the decode path.

The context pins the KV cache the allocator manages so that location indices
handed out by the allocator and the buffers read by the kernel always come
from the same object.
"""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _MemCtx:
    __slots__ = ("allocator", "kvcache", "swa")

    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache: KVCache = allocator.get_kvcache()
        object.__setattr__(self, "allocator", allocator)
        object.__setattr__(self, "kvcache", kvcache)
        object.__setattr__(self, "swa", kvcache if isinstance(kvcache, SWAKVPool) else None)

    def __setattr__(self, key, value):
        raise AttributeError("_MemCtx is frozen")


class GeneratedAttnBackend:
    def __init__(self, model_runner, page_size: Optional[int] = None):
        self.page_size = page_size or model_runner.page_size
        self.ctx = _MemCtx(model_runner)
        self.fallback_pool = model_runner.token_to_kv_pool

    def _pool_and_locs(self, loc: torch.Tensor):
        swa = self.ctx.swa
        if swa is None:
            return self.fallback_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self._pool_and_locs(loc)
