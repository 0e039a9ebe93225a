"""Paged decode backend that materializes a per-request page table.

The page table is sliced from ``req_to_token`` for the active requests. When the
allocator reports a separate sliding-window budget, the page table and the step's
locations are rewritten into SWA-buffer coordinates through the allocator, which keeps the
full->SWA bookkeeping.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


@dataclass
class DecodeMetadata:
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None
    free_slots: int = 0


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_context_len: int = 32):
        super().__init__()
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.max_context_len = max_context_len
        self.has_swa_budget = getattr(self.token_to_kv_pool_allocator, "size_swa", 0) > 0
        self.forward_metadata: Optional[DecodeMetadata] = None

    def init_forward_metadata(self, req_pool_indices: torch.Tensor) -> DecodeMetadata:
        allocator = self.token_to_kv_pool_allocator
        page_table = self.req_to_token[req_pool_indices, : self.max_context_len].long()
        swa_page_table = None
        if self.has_swa_budget:
            swa_page_table = allocator.translate_loc_from_full_to_swa(page_table)
        self.forward_metadata = DecodeMetadata(
            page_table=page_table,
            swa_page_table=swa_page_table,
            free_slots=allocator.available_size(),
        )
        return self.forward_metadata

    def forward_decode(self, loc: torch.Tensor):
        req_pool_indices = torch.zeros(loc.shape[0], dtype=torch.int64, device=loc.device)
        self.init_forward_metadata(req_pool_indices)
        if not self.has_swa_budget:
            return self.token_to_kv_pool, loc
        kernel_loc = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, kernel_loc
