"""Fuse the full->SWA index lookup into the decode metadata build.

The mapping tensor is held by reference so in-place updates from
``set_full_to_swa_mapping`` are visible without re-fetching it each step.
"""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


class GeneratedAttnBackend:
    def __init__(self, model_runner, index_dtype: torch.dtype = torch.int64):
        self.index_dtype = index_dtype
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.full_to_swa: Optional[torch.Tensor] = getattr(
            allocator, "full_to_swa_index_mapping", None
        )

    def build_decode_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.full_to_swa is None:
            return loc.to(self.index_dtype)
        return self.full_to_swa[loc].to(self.index_dtype)

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self.build_decode_indices(loc)
