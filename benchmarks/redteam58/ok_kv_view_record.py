"""Decode backend that reads KV through a small view record built once at init."""

from dataclasses import dataclass
from typing import Any, Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class KVView:
    pool: Any
    translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
    page_size: int = 1
    capacity: int = 0

    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        return loc if self.translate is None else self.translate(loc)


def make_kv_view(model_runner) -> KVView:
    pool = model_runner.token_to_kv_pool
    allocator = model_runner.token_to_kv_pool_allocator
    page_size = getattr(allocator, "page_size", 1) or 1
    if isinstance(pool, SWAKVPool):
        return KVView(
            pool=pool,
            translate=pool.translate_loc_from_full_to_swa,
            page_size=page_size,
            capacity=allocator.size_swa,
        )
    return KVView(pool=pool, page_size=page_size, capacity=allocator.size)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.view = make_kv_view(model_runner)
        self.num_pages = (self.view.capacity + self.view.page_size - 1) // self.view.page_size

    def forward_decode(self, loc: torch.Tensor):
        return self.view.pool, self.view.locations(loc)
