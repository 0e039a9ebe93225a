"""FlashAttention-style decode backend that gathers SWA slots through the full->SWA index mapping."""

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class FlashAttentionMetadata:
    cu_seqlens_q: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    extra: Dict[str, torch.Tensor] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._full_to_swa = getattr(allocator, "full_to_swa_index_mapping", None)
        self.has_swa_layers = self._full_to_swa is not None
        self.forward_metadata = FlashAttentionMetadata()

    def _gather_swa(self, page_table: torch.Tensor) -> torch.Tensor:
        return self._full_to_swa[page_table.long()]

    def init_forward_metadata(self, page_table: torch.Tensor):
        md = FlashAttentionMetadata(
            cu_seqlens_q=torch.arange(0, page_table.numel() + 1, dtype=torch.int32),
            page_table=page_table,
        )
        if self.has_swa_layers:
            md.swa_page_table = self._gather_swa(page_table)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self.token_to_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
