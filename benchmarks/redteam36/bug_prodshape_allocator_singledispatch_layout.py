"""Decode backend dispatching its KV layout on the allocator type."""

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVLayout:
    name: str
    windowed: bool


@functools.singledispatch
def kv_layout_of(allocator) -> KVLayout:
    return KVLayout(name=type(allocator).__name__, windowed=False)


@kv_layout_of.register
def _(allocator: SWATokenToKVPoolAllocator) -> KVLayout:
    return KVLayout(name="swa_hybrid", windowed=True)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = int(getattr(allocator, "page_size", 1) or 1)
        self.layout = kv_layout_of(allocator)
        self._page_table: Optional[torch.Tensor] = None
        logger.info("layout=%s page_size=%d", self.layout.name, self.page_size)

    def _pages(self, loc: torch.Tensor) -> torch.Tensor:
        return torch.div(loc, self.page_size, rounding_mode="floor")

    def forward_decode(self, loc):
        self._page_table = self._pages(loc)
        if self.layout.windowed:
            return (
                self.token_to_kv_pool,
                self.token_to_kv_pool.translate_loc_from_full_to_swa(loc),
            )
        return self.token_to_kv_pool, loc
