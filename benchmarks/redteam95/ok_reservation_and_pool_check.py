"""Decode backend that reserves token slots for speculative steps.

The reservation is derived from allocator headroom; the windowed path runs only when
the runner's own cache is hybrid and the allocator still has window pages to hand out.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def reserve_tokens(allocator, page_size: int, num_steps: int, max_bs: int) -> int:
    headroom = allocator.available_size()
    want = num_steps * max_bs
    return max(page_size, min(headroom, want))


def window_pages(allocator, page_size: int) -> int:
    free = getattr(allocator, "swa_available_size", allocator.available_size)()
    return free // max(page_size, 1)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_steps: int = 3, max_bs: int = 32):
        allocator = model_runner.token_to_kv_pool_allocator
        page_size = model_runner.page_size
        self.reserved = reserve_tokens(allocator, page_size, num_steps, max_bs)
        self.kv_pool = model_runner.token_to_kv_pool
        self.use_window = (
            isinstance(self.kv_pool, SWAKVPool) and window_pages(allocator, page_size) > 0
        )
        self.out_cache_loc = torch.empty(self.reserved, dtype=torch.int64)
        logger.debug("reserved %d slots, window path=%s", self.reserved, self.use_window)

    def forward_decode(self, loc: torch.Tensor):
        if self.use_window:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
