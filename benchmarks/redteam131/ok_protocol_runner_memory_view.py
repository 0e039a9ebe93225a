"""Structural view of the model runner's memory members.

``RunnerMemory`` documents exactly which runner attributes the decode backend
touches, so test doubles only have to implement those.
"""

from __future__ import annotations

from typing import Any, Optional, Protocol, Tuple, cast

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class RunnerMemory(Protocol):
    token_to_kv_pool: KVCache
    token_to_kv_pool_allocator: Any
    page_size: int


class GeneratedAttnBackend:
    def __init__(self, model_runner, debug: bool = False):
        memory = cast(RunnerMemory, model_runner)
        self.page_size = memory.page_size
        self.kv_pool = memory.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.debug_banner: Optional[str] = (
            memory.token_to_kv_pool_allocator.debug_print() if debug else None
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self.swa_pool
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
