"""Paged decode backend that aligns its kernel launch to the allocator's page geometry."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_BLOCK_N = 64


@dataclass(frozen=True)
class PageGeometry:
    page_size: int
    num_pages: int
    window_pages: Optional[int]

    @property
    def pages_per_block(self) -> int:
        return max(1, _BLOCK_N // self.page_size)


def _geometry(allocator) -> PageGeometry:
    page_size = allocator.page_size
    window = getattr(allocator, "size_swa", None)
    return PageGeometry(
        page_size=page_size,
        num_pages=allocator.size // page_size,
        window_pages=None if window is None else window // page_size,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.geometry = _geometry(model_runner.token_to_kv_pool_allocator)
        pool = model_runner.token_to_kv_pool
        self.pool = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        if self.geometry.page_size > 1 and self.swa_pool is not None:
            logger.info("paged hybrid decode: %s", self.geometry)

    def _grid(self, bs: int, max_pages: int):
        blocks = -(-max_pages // self.geometry.pages_per_block)
        return (bs, blocks)

    def init_forward_metadata(self, forward_batch):
        max_pages = -(-int(forward_batch.seq_lens_cpu.max()) // self.geometry.page_size)
        self.grid = self._grid(forward_batch.batch_size, max_pages)
        self.out_cache_loc = forward_batch.out_cache_loc
        if self.swa_pool is not None:
            self.out_cache_loc = self.swa_pool.translate_loc_from_full_to_swa(self.out_cache_loc)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
