"""FlashAttention-3 backend port: page table with an optional SWA translation."""

from dataclasses import dataclass, field
from typing import Optional

import torch


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    extra: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.forward_metadata = None
        self.kv_cache_dtype = model_runner.kv_cache_dtype
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.full_to_swa_index_mapping = getattr(allocator, "full_to_swa_index_mapping", None)
        self.has_swa = self.full_to_swa_index_mapping is not None

    def init_forward_metadata(self, page_table: torch.Tensor):
        metadata = FlashAttentionMetadata(page_table=page_table)
        if self.has_swa:
            metadata.swa_page_table = self.full_to_swa_index_mapping[page_table].to(
                page_table.dtype
            )
        self.forward_metadata = metadata

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        page_table = md.swa_page_table if md.swa_page_table is not None else md.page_table
        return self.token_to_kv_pool, page_table
