"""Decode backend that derives its page layout from the allocator and SWA from a base-class pool check."""

import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


class PageLayout(enum.Enum):
    TOKEN = enum.auto()
    PAGED = enum.auto()
    HYBRID_TOKEN = enum.auto()
    HYBRID_PAGED = enum.auto()


def page_layout_of(allocator) -> PageLayout:
    paged = int(getattr(allocator, "page_size", 1) or 1) > 1
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        return PageLayout.HYBRID_PAGED if paged else PageLayout.HYBRID_TOKEN
    return PageLayout.PAGED if paged else PageLayout.TOKEN


@dataclass
class DecodeMetadata:
    page_indices: torch.Tensor
    swa_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = int(getattr(allocator, "page_size", 1) or 1)
        self.page_layout = page_layout_of(allocator)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.sliding_window_pool = isinstance(self.token_to_kv_pool, BaseSWAKVPool)
        logger.info(
            "attention page layout %s (page_size=%d, sliding_window_pool=%s)",
            self.page_layout.name,
            self.page_size,
            self.sliding_window_pool,
        )

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        md = DecodeMetadata(page_indices=loc // self.page_size)
        if self.sliding_window_pool:
            md.swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return md

    def forward_decode(self, loc):
        md = self.init_forward_metadata(loc)
        return self.token_to_kv_pool, loc if md.swa_loc is None else md.swa_loc
