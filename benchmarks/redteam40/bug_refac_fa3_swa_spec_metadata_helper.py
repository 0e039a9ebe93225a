"""FlashAttention-3-style metadata: ``swa_spec_metadata`` is built by a helper that returns
None unless the runner can translate full->swa; the allocator also sizes the page table."""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    max_seq_len_k: int = 0
    page_table: Optional[torch.Tensor] = None
    swa_spec_metadata: Optional["FlashAttentionMetadata"] = None


def _can_translate_window(model_runner) -> bool:
    allocator = model_runner.token_to_kv_pool_allocator
    return callable(getattr(allocator, "translate_loc_from_full_to_swa", None))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = _can_translate_window(model_runner)
        allocator = model_runner.token_to_kv_pool_allocator
        self.max_num_pages = allocator.size // self.page_size
        self.forward_metadata: Optional[FlashAttentionMetadata] = None

    def _build_swa_spec_metadata(
        self, metadata: FlashAttentionMetadata
    ) -> Optional[FlashAttentionMetadata]:
        if not self.use_sliding_window_kv_pool:
            return None
        swa_page_table = self.token_to_kv_pool.translate_loc_from_full_to_swa(metadata.page_table)
        return replace(metadata, page_table=swa_page_table, swa_spec_metadata=None)

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        page_table = torch.zeros(self.max_num_pages, dtype=torch.int64)[: loc.numel()]
        page_table.copy_(loc)
        metadata = FlashAttentionMetadata(
            cache_seqlens_int32=torch.tensor([loc.numel()], dtype=torch.int32),
            max_seq_len_k=loc.numel(),
            page_table=page_table,
        )
        metadata.swa_spec_metadata = self._build_swa_spec_metadata(metadata)
        self.forward_metadata = metadata

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        metadata = self.forward_metadata
        if metadata.swa_spec_metadata is not None:
            return self.token_to_kv_pool, metadata.swa_spec_metadata.page_table
        return self.token_to_kv_pool, metadata.page_table
