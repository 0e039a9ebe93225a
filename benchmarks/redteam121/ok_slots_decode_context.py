"""Immutable per-runner decode context with ``__slots__``.

The context bundles the KV pool the backend reads, the (possibly shared)
token allocator, and the resolved sliding-window pool. Fields are written once
via ``object.__setattr__`` in ``build`` and the class refuses later mutation.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DecodeKVContext:
    __slots__ = ("kv_pool", "allocator", "swa_pool")

    kv_pool: KVCache
    allocator: BaseTokenToKVPoolAllocator
    swa_pool: Optional[SWAKVPool]

    def __setattr__(self, name, value):
        raise AttributeError(f"DecodeKVContext is immutable (tried to set {name!r})")

    @classmethod
    def build(cls, model_runner) -> "DecodeKVContext":
        ctx = object.__new__(cls)
        kv_pool = model_runner.token_to_kv_pool
        object.__setattr__(ctx, "kv_pool", kv_pool)
        object.__setattr__(ctx, "allocator", model_runner.token_to_kv_pool_allocator)
        object.__setattr__(ctx, "swa_pool", kv_pool if isinstance(kv_pool, SWAKVPool) else None)
        return ctx

    def free_tokens(self) -> int:
        return self.allocator.available_size()


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        self.ctx = DecodeKVContext.build(model_runner)
        logger.info(
            "decode ctx: pool=%s swa=%s free_tokens=%d",
            type(self.ctx.kv_pool).__name__,
            self.ctx.swa_pool is not None,
            self.ctx.free_tokens(),
        )

    def forward_decode(self, loc: torch.Tensor):
        ctx = self.ctx
        if ctx.swa_pool is not None:
            return ctx.swa_pool, ctx.swa_pool.translate_loc_from_full_to_swa(loc)
        return ctx.kv_pool, loc
