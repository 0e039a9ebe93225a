"""Decode backend configured through a ``from_runner`` view object.

``KVView`` captures which caches a decode step touches; backends build it once
at construction via ``KVView.from_runner`` and reuse it every step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class KVView:
    full_pool: KVCache
    swa_pool: Optional[SWAKVPool]
    page_size: int

    @classmethod
    def from_runner(cls, model_runner) -> "KVView":
        allocator = model_runner.token_to_kv_pool_allocator
        swa_pool = None
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            swa_pool = allocator.get_kvcache()
        return cls(
            full_pool=model_runner.token_to_kv_pool,
            swa_pool=swa_pool,
            page_size=model_runner.page_size,
        )

    @property
    def is_hybrid(self) -> bool:
        return self.swa_pool is not None


class _ViewBackend:
    view_cls = KVView

    def __init__(self, model_runner) -> None:
        self.view = self.view_cls.from_runner(model_runner)


class GeneratedAttnBackend(_ViewBackend):
    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        view = self.view
        if view.is_hybrid:
            return view.swa_pool, view.swa_pool.translate_loc_from_full_to_swa(loc)
        return view.full_pool, loc
