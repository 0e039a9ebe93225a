"""Paged decode backend; page-table geometry comes from the allocator, window reads from the pool."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def cdiv(a: int, b: int) -> int:
    return -(-a // b)


@dataclass(frozen=True)
class PageGeometry:
    page_size: int
    full_pages: int
    window_pages: int

    def pages_for(self, tokens: int) -> int:
        return cdiv(tokens, self.page_size)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        page = int(getattr(alloc, "page_size", None) or model_runner.page_size)
        self.geometry = PageGeometry(
            page_size=page,
            full_pages=cdiv(int(getattr(alloc, "size_full", alloc.size)), page),
            window_pages=cdiv(int(getattr(alloc, "size_swa", alloc.size)), page),
        )
        ctx = int(getattr(model_runner.model_config, "context_len", 4096))
        self.max_pages_per_req = self.geometry.pages_for(ctx)
        self.page_table = torch.zeros(
            (model_runner.max_running_requests, self.max_pages_per_req),
            dtype=torch.int32,
            device=self.device,
        )
        self.uses_window = issubclass(type(self.pool), SWAKVPool)
        logger.info("page geometry %s, %d pages/req", self.geometry, self.max_pages_per_req)

    def _page_ids(self, loc):
        return torch.div(loc, self.geometry.page_size, rounding_mode="floor")

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        locs = self._locations(forward_batch.out_cache_loc)
        pages = self._page_ids(locs)
        self.page_table[:bs, 0] = pages[:bs].to(torch.int32)

    def _locations(self, loc):
        if self.uses_window:
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.pool, self._locations(loc)
