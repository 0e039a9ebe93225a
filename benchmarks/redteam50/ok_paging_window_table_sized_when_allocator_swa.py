"""Paged decode backend; a window page table is reserved whenever the allocator is hybrid."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class PageTables:
    full: torch.Tensor
    window: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.page_size = max(1, int(alloc.page_size))
        max_bs = model_runner.max_running_requests
        ctx = int(getattr(model_runner.model_config, "context_len", 2048))
        pages = (ctx + self.page_size - 1) // self.page_size
        self.tables = PageTables(
            full=torch.zeros(max_bs, pages, dtype=torch.int32, device=self.device)
        )
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            # Reserve it even on drafts sharing a hybrid allocator: cheap, and the memory
            # profile stays identical across target and draft graphs.
            window_pages = min(pages, alloc.size_swa // self.page_size)
            self.tables.window = torch.zeros(
                max_bs, window_pages, dtype=torch.int32, device=self.device
            )
        self.reads_window = isinstance(self.pool, SWAKVPool)
        logger.debug(
            "page tables: full=%s window=%s reads_window=%s",
            tuple(self.tables.full.shape),
            None if self.tables.window is None else tuple(self.tables.window.shape),
            self.reads_window,
        )

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        locs = self._read_locs(forward_batch.out_cache_loc)
        target = self.tables.window if self.reads_window else self.tables.full
        target[:bs, 0] = (locs[:bs] // self.page_size).to(torch.int32)

    def _read_locs(self, loc):
        if self.reads_window:
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.pool, self._read_locs(loc)
