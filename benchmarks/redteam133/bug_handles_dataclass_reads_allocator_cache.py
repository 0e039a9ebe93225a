"""Backend that groups the runner's KV handles into one small record.

Helpers receive a ``KVHandles`` rather than the whole model runner, which keeps their
dependencies explicit and makes them easy to unit test.
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


class SWALocator:
    """Maps full-attention cache slots to the SWA pool when one exists."""

    def __init__(self, handles: KVHandles):
        self.handles = handles
        cache = handles.allocator.get_kvcache()
        self.swa_pool: Optional[SWAKVPool] = cache if isinstance(cache, SWAKVPool) else None

    def locate(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        if self.swa_pool is None:
            return self.handles.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, page_size: Optional[int] = None):
        handles = KVHandles(
            kv_pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            page_size=page_size or model_runner.page_size,
        )
        self.handles = handles
        self.locator = SWALocator(handles)

    def forward_decode(self, loc: torch.Tensor):
        return self.locator.locate(loc)
