"""Frozen handle table for CUDA-graph capture.

The table is captured once and shared by all graph runners; it records the
cache the allocator serves so replay reads the buffers that match the indices
written into ``out_cache_loc``.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def build_handle_table(model_runner) -> Mapping[str, Any]:
    allocator = model_runner.token_to_kv_pool_allocator
    served = allocator.get_kvcache()
    return MappingProxyType(
        {
            "pool": model_runner.token_to_kv_pool,
            "served_cache": served,
            "swa": isinstance(served, SWAKVPool),
            "device": model_runner.device,
        }
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 256):
        self.max_bs = max_bs
        self.table = build_handle_table(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.table["swa"]:
            cache = self.table["served_cache"]
            return cache, cache.translate_loc_from_full_to_swa(loc)
        return self.table["pool"], loc
