"""Paged decode backend for hybrid sliding-window attention.

Kernel launch parameters are derived from page counts: the maximum number of
pages a request may occupy and the total number of pages the allocator can
hand out. Both are plain integer arithmetic on allocator sizes.
"""

import math
from typing import Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_context_len: int = 32768):
        self.page_size = max(1, model_runner.page_size)
        allocator = model_runner.token_to_kv_pool_allocator
        self.total_pages = allocator.size_full // self.page_size
        self.max_pages_per_req = ceil_div(max_context_len, self.page_size)
        self.num_kv_splits = max(1, int(math.log2(max(2, self.max_pages_per_req))))
        self._allocator = allocator
        self._pool = model_runner.token_to_kv_pool

    def free_pages(self) -> int:
        return self._allocator.available_size() // self.page_size

    def launch_grid(self, batch_size: int) -> Tuple[int, int]:
        return batch_size, self.num_kv_splits

    def pages_for(self, seq_lens: torch.Tensor) -> torch.Tensor:
        return (seq_lens + self.page_size - 1) // self.page_size

    def forward_decode(self, loc: torch.Tensor):
        kv_pool = self._pool
        if isinstance(kv_pool, SWAKVPool):
            loc = kv_pool.translate_loc_from_full_to_swa(loc)
        return kv_pool, loc
