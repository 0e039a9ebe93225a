"""Hybrid decode backend exposing the SWA pool through a property.

The base class derives ``swa_pool`` from the runner's KV pool. The
speculative-decoding subclass overrides the property so that every worker in
a spec group sees the same sliding-window cache.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeReadPlan:
    pool: object
    locations: torch.Tensor


class HybridDecodeBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        return self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def plan(self, loc: torch.Tensor) -> DecodeReadPlan:
        swa = self.swa_pool
        if swa is None:
            return DecodeReadPlan(self.kv_pool, loc)
        return DecodeReadPlan(swa, swa.translate_loc_from_full_to_swa(loc))

    def forward_decode(self, loc: torch.Tensor):
        plan = self.plan(loc)
        return plan.pool, plan.locations


class GeneratedAttnBackend(HybridDecodeBackend):
    """Decode backend shared by the target and its speculative workers."""

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        base = super().swa_pool
        if base is not None:
            return base
        kvcache = self.allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
