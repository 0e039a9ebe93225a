"""Layout config for hybrid sliding-window attention.

``SlidingWindowLayout`` is a frozen record derived from the model runner once,
so that the hot decode path only consults plain attributes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclass(frozen=True)
class SlidingWindowLayout:
    page_size: int
    device: Any
    hybrid_swa: bool
    extras: dict = field(default_factory=dict)

    @classmethod
    def from_runner(cls, model_runner) -> "SlidingWindowLayout":
        allocator = model_runner.token_to_kv_pool_allocator
        return cls(
            page_size=model_runner.page_size,
            device=model_runner.device,
            hybrid_swa=isinstance(allocator, SWATokenToKVPoolAllocator),
            extras={"allocator": type(allocator).__name__},
        )


class GeneratedAttnBackend:
    """Decode backend that consults a ``SlidingWindowLayout`` record."""

    def __init__(self, model_runner, layout: SlidingWindowLayout | None = None):
        self.model_runner = model_runner
        self.layout = layout or SlidingWindowLayout.from_runner(model_runner)
        self.kv_pool = model_runner.token_to_kv_pool

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.layout.hybrid_swa:
            return loc
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        locations = self._decode_locations(loc)
        return self.kv_pool, locations

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(page_size={self.layout.page_size}, "
            f"hybrid_swa={self.layout.hybrid_swa})"
        )
