"""TRTLLM MHA-style metadata: ``_bind_swa_page_table`` takes ``has_swa`` and the full->swa
table by keyword, both read once from the allocator that registers the table."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class TRTLLMMHAMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    max_seq_len_k: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._full_to_swa = getattr(allocator, "full_to_swa_index_mapping", None)

    def _bind_swa_page_table(
        self, metadata: TRTLLMMHAMetadata, *, has_swa: bool, full_to_swa=None
    ) -> None:
        if not has_swa:
            metadata.swa_page_table = None
            return
        metadata.swa_page_table = full_to_swa[metadata.page_table]

    def init_forward_metadata(self, loc: torch.Tensor) -> TRTLLMMHAMetadata:
        metadata = TRTLLMMHAMetadata(page_table=loc, max_seq_len_k=loc.numel())
        self._bind_swa_page_table(
            metadata, has_swa=self._full_to_swa is not None, full_to_swa=self._full_to_swa
        )
        return metadata

    def forward_decode(self, loc):
        metadata = self.init_forward_metadata(loc)
        if metadata.swa_page_table is not None:
            return self.token_to_kv_pool, metadata.swa_page_table
        return self.token_to_kv_pool, metadata.page_table
