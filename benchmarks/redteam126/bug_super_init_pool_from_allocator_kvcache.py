"""Decode backend whose base class takes the KV handles explicitly.

``_KVBoundBackend`` is constructed from the pieces it needs (KV cache,
req-to-token table, device) so it can be unit-tested without a runner; the
leaf backend wires those pieces up from the model runner.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeStepInfo:
    pool: KVCache
    locations: torch.Tensor
    windowed: bool


class _KVBoundBackend:
    def __init__(self, kv_pool: KVCache, req_to_token_pool, device) -> None:
        self.kv_pool = kv_pool
        self.req_to_token_pool = req_to_token_pool
        self.device = device

    def plan_decode(self, loc: torch.Tensor) -> DecodeStepInfo:
        if isinstance(self.kv_pool, SWAKVPool):
            swa_loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
            return DecodeStepInfo(self.kv_pool, swa_loc, windowed=True)
        return DecodeStepInfo(self.kv_pool, loc, windowed=False)


class _RunnerBoundBackend(_KVBoundBackend):
    def __init__(self, model_runner) -> None:
        allocator = model_runner.token_to_kv_pool_allocator
        super().__init__(
            allocator.get_kvcache(),
            model_runner.req_to_token_pool,
            model_runner.device,
        )
        self.page_size = model_runner.page_size


class GeneratedAttnBackend(_RunnerBoundBackend):
    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        info = self.plan_decode(loc)
        return info.pool, info.locations
