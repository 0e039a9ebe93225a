"""Sliding-window layout descriptor built once per backend.

``SWALayout`` captures the pool and the full -> SWA index table in
``__post_init__`` so the decode step is a single gather.  The index table is
owned by the allocator, which updates it in place on every alloc/free.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


@dataclass
class SWALayout:
    kv_pool: KVCache
    allocator: Any
    index_mapping: Optional[torch.Tensor] = field(init=False, default=None)

    def __post_init__(self) -> None:
        mapping = getattr(self.allocator, "full_to_swa_index_mapping", None)
        if isinstance(mapping, torch.Tensor):
            self.index_mapping = mapping

    @property
    def is_hybrid(self) -> bool:
        return self.index_mapping is not None

    def map_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.index_mapping is None:
            return loc
        return self.index_mapping[loc]


def build_swa_layout(model_runner) -> SWALayout:
    return SWALayout(
        kv_pool=model_runner.token_to_kv_pool,
        allocator=model_runner.token_to_kv_pool_allocator,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, layout: Optional[SWALayout] = None):
        self.layout = layout or build_swa_layout(model_runner)
        self.device = model_runner.device

    def forward_decode(self, loc: torch.Tensor):
        return self.layout.kv_pool, self.layout.map_locations(loc)
