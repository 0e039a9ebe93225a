"""Decode backend dispatching its KV layout on the pool type; allocator only feeds paging."""

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVLayout:
    name: str
    windowed: bool


@functools.singledispatch
def kv_layout_of(pool) -> KVLayout:
    return KVLayout(name=type(pool).__name__, windowed=False)


@kv_layout_of.register
def _(pool: SWAKVPool) -> KVLayout:
    return KVLayout(name="swa_hybrid", windowed=True)


@kv_layout_of.register
def _(pool: MHATokenToKVPool) -> KVLayout:
    return KVLayout(name="mha", windowed=False)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = int(getattr(allocator, "page_size", 1) or 1)
        self.layout = kv_layout_of(self.token_to_kv_pool)
        self._page_table: Optional[torch.Tensor] = None
        logger.info(
            "layout=%s page_size=%d allocator=%s",
            self.layout.name,
            self.page_size,
            type(allocator).__name__,
        )

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
