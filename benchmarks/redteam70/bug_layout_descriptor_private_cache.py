"""KV layout descriptor for the hybrid sliding-window decode backend.

``KVLayout.from_runner`` snapshots the cache layout the runner was built
with. The hybrid SWA cache is taken from the allocator's backing cache, which
is where the full->SWA mapping is registered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class KVLayout:
    kv_pool: Any
    swa_pool: Optional[SWAKVPool]
    page_size: int
    free_at_init: int

    @classmethod
    def from_runner(cls, model_runner) -> "KVLayout":
        allocator = model_runner.token_to_kv_pool_allocator
        backing = getattr(allocator, "_kvcache", None)
        return cls(
            kv_pool=model_runner.token_to_kv_pool,
            swa_pool=backing if isinstance(backing, SWAKVPool) else None,
            page_size=model_runner.page_size,
            free_at_init=allocator.available_size(),
        )

    @property
    def is_hybrid(self) -> bool:
        return self.swa_pool is not None


class GeneratedAttnBackend:
    def __init__(self, model_runner, layout: Optional[KVLayout] = None):
        self.layout = layout or KVLayout.from_runner(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.layout.is_hybrid:
            swa = self.layout.swa_pool
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.layout.kv_pool, loc
