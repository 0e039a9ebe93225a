"""Page-granular decode backend building a page table from req_to_token.

Token slots are converted to page ids (slot // page_size) for the kernel's page
table; on hybrid pools window layers use a second table built from SWA slots.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class PageTableMetadata:
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor]
    cache_loc: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = max(1, model_runner.page_size)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def _to_pages(self, slots: torch.Tensor) -> torch.Tensor:
        return slots[:: self.page_size] // self.page_size

    def build_metadata(self, req_idx: int, seq_len: int, loc: torch.Tensor) -> PageTableMetadata:
        slots = self.req_to_token[req_idx, :seq_len].to(torch.int64)
        page_table = self._to_pages(slots)
        swa_page_table = None
        cache_loc = loc
        if self.swa_pool is not None:
            swa_page_table = self._to_pages(self.swa_pool.translate_loc_from_full_to_swa(slots))
            cache_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return PageTableMetadata(page_table, swa_page_table, cache_loc)

    def forward_decode(self, loc: torch.Tensor):
        md = self.build_metadata(0, 4, loc)
        return (self.swa_pool if self.swa_pool is not None else self.kv_pool), md.cache_loc
