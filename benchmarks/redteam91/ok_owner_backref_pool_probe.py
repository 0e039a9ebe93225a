"""Decode backend with a separate index planner.

The planner holds a back-reference to its owning backend (``self.owner``) and
derives the windowed layout from the cache the owner reads. The owner's
allocator is only consulted for a debug summary.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _IndexPlanner:
    def __init__(self, owner: "GeneratedAttnBackend"):
        self.owner = owner

    @property
    def windowed(self) -> bool:
        return isinstance(self.owner.runner.token_to_kv_pool, SWAKVPool)

    def summary(self) -> str:
        alloc = self.owner.runner.token_to_kv_pool_allocator
        return f"planner(windowed={self.windowed}, alloc={alloc.debug_print()!r})"

    def plan(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.windowed:
            return loc
        return self.owner.kv.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, planner: Optional[_IndexPlanner] = None):
        super().__init__()
        self.runner = model_runner
        self.kv = model_runner.token_to_kv_pool
        self.planner = planner or _IndexPlanner(self)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv, self.planner.plan(loc)
