"""Expose the backend's memory handles as a read-only mapping.

CUDA-graph capture code copies ``backend.handles`` into its replay state; a
``MappingProxyType`` makes accidental rebinding of the pool impossible.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _build_handles(model_runner) -> Mapping[str, Any]:
    pool = model_runner.token_to_kv_pool
    return MappingProxyType(
        {
            "pool": pool,
            "swa_pool": pool if isinstance(pool, SWAKVPool) else None,
            "allocator": model_runner.token_to_kv_pool_allocator,
            "page_size": model_runner.page_size,
        }
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 160):
        self.max_bs = max_bs
        self.handles = _build_handles(model_runner)

    def describe(self) -> str:
        alloc = self.handles["allocator"]
        return (
            f"{type(self).__name__}(pool={type(self.handles['pool']).__name__}, "
            f"allocator={type(alloc).__name__}, free={alloc.available_size()})"
        )

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self.handles["swa_pool"]
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.handles["pool"], loc
