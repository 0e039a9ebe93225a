"""Paged decode backend that switches to the windowed index space on SWA allocators."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import torch
from sglang.srt.mem_cache.allocator.swa import (
    PureSWATokenToKVPoolAllocator,
    SWATokenToKVPoolAllocator,
)

logger = logging.getLogger(__name__)

_WINDOWED_ALLOCATORS = (SWATokenToKVPoolAllocator, PureSWATokenToKVPoolAllocator)


@dataclass
class PagedDecodeState:
    page_size: int
    max_bs: int
    kv_indptr: torch.Tensor = field(default=None)
    kv_last_page_len: torch.Tensor = field(default=None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.state = PagedDecodeState(
            page_size=model_runner.page_size,
            max_bs=model_runner.max_running_requests,
        )
        self.state.kv_indptr = torch.zeros(
            self.state.max_bs + 1, dtype=torch.int32, device=self.device
        )
        self.state.kv_last_page_len = torch.ones(
            self.state.max_bs, dtype=torch.int32, device=self.device
        )
        self.windowed = type(self.allocator) in _WINDOWED_ALLOCATORS
        logger.debug(
            "paged decode: page_size=%d windowed=%s",
            self.state.page_size,
            self.windowed,
        )

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self.windowed:
            return self.kv_pool, self._swa_locations(loc)
        return self.kv_pool, loc
