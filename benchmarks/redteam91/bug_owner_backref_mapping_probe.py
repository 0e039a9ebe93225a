"""Decode backend with a separate index planner.

The planner holds a back-reference to its owning backend (``self.owner``) and
derives the windowed layout from the allocator's full->SWA mapping table; the
actual remap goes through the cache the backend reads.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


class _IndexPlanner:
    def __init__(self, owner: "GeneratedAttnBackend"):
        self.owner = owner

    @property
    def windowed(self) -> bool:
        alloc = self.owner.runner.token_to_kv_pool_allocator
        return getattr(alloc, "full_to_swa_index_mapping", None) is not None

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
        indices = self.planner.plan(loc)
        return self.kv, indices
