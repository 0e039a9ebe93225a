"""Paged decode backend for hybrid sliding-window models. The page table handed to the
kernel is rewritten to SWA ids when the cache is hybrid."""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeMetadata:
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """Builds decode metadata over a full or a hybrid full/SWA cache."""

    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = getattr(self.allocator, "page_size", 1)
        self.use_sliding_window_kv_pool = isinstance(
            self.allocator, SWATokenToKVPoolAllocator
        ) and isinstance(self.token_to_kv_pool, SWAKVPool)
        self.forward_metadata: Optional[DecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        md = DecodeMetadata(page_table=loc)
        if self.use_sliding_window_kv_pool:
            md.swa_page_table = self.allocator.full_to_swa_index_mapping[loc]
        self.forward_metadata = md
        return md

    def forward_decode(self, loc: torch.Tensor):
        md = self.init_forward_metadata(loc)
        if md.swa_page_table is not None:
            return self.token_to_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
