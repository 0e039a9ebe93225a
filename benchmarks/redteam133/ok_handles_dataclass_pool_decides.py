"""Backend that groups the runner's KV handles into one small record.

Helpers receive a ``KVHandles`` rather than the whole model runner, which keeps their
dependencies explicit. The allocator is carried along for the extend path's scratch
allocations; decode only looks at the pool.
"""

from dataclasses import dataclass
from typing import Any, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class KVHandles:
    kv_pool: Any
    allocator: Any
    page_size: int = 1

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        return self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None


class SWALocator:
    """Maps full-attention cache slots into the SWA region of the pool."""

    def __init__(self, handles: KVHandles):
        self.handles = handles

    def locate(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        swa_pool = self.handles.swa_pool
        if swa_pool is None:
            return self.handles.kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, page_size: Optional[int] = None):
        self.handles = KVHandles(
            kv_pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            page_size=page_size or model_runner.page_size,
        )
        self.locator = SWALocator(self.handles)

    def forward_decode(self, loc: torch.Tensor):
        return self.locator.locate(loc)
