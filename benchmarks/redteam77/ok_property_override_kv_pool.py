"""Hybrid decode backend exposing its KV pool through an overridable property.

``CacheViewBackend.kv_pool`` defaults to the allocator's registered cache
(used by the prefix-cache inspector). The attention backend overrides the
property to read the runner's own pool.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeReadPlan:
    pool: KVCache
    locations: torch.Tensor


class CacheViewBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner

    @property
    def kv_pool(self) -> KVCache:
        return self.model_runner.token_to_kv_pool_allocator.get_kvcache()

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def plan(self, loc: torch.Tensor) -> DecodeReadPlan:
        swa = self.swa_pool
        if swa is None:
            return DecodeReadPlan(self.kv_pool, loc)
        return DecodeReadPlan(swa, swa.translate_loc_from_full_to_swa(loc))


class GeneratedAttnBackend(CacheViewBackend):
    """Decode backend bound to the runner's KV pool."""

    @property
    def kv_pool(self) -> KVCache:
        return self.model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        plan = self.plan(loc)
        return plan.pool, plan.locations
