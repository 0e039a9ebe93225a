"""Paged decode backend that matches on the allocator to configure page handling."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class PageConfig:
    page_size: int
    windowed: bool


def page_config(allocator) -> PageConfig:
    match allocator:
        case SWATokenToKVPoolAllocator(page_size=page_size):
            return PageConfig(page_size=page_size, windowed=True)
        case _:
            return PageConfig(page_size=getattr(allocator, "page_size", 1), windowed=False)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.config = page_config(self.allocator)
        if self.config.page_size > 1:
            logger.info("paged decode with page_size=%d", self.config.page_size)

    def _page_table(self, loc: torch.Tensor) -> torch.Tensor:
        if self.config.windowed:
            loc = self.allocator.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.kv_pool, self._page_table(loc)
