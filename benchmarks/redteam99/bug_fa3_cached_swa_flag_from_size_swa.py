"""FlashAttention-3 backend, decode subset (copied from flashattention_backend.py).

Local edit: ``self.has_swa`` is derived from the allocator's ``size_swa`` so we can size
the sliding-window page table at init without touching the pool object.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    extras: dict = field(default_factory=dict)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, speculative_step_id: int = 0, topk: int = 0):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.speculative_step_id = speculative_step_id
        self.topk = topk
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_page_table_size = getattr(allocator, "size_swa", None)
        self.has_swa = self.swa_page_table_size is not None
        self.kv_pool = allocator.get_kvcache() if self.has_swa else model_runner.token_to_kv_pool
        self.forward_metadata = FlashAttentionMetadata()

    def init_forward_metadata(self, loc: torch.Tensor) -> FlashAttentionMetadata:
        md = FlashAttentionMetadata(page_table=loc)
        if self.has_swa:
            md.swa_page_table = self.kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md
        return md

    def forward_decode(self, loc: torch.Tensor):
        md = self.init_forward_metadata(loc)
        if md.swa_page_table is not None:
            return self.kv_pool, md.swa_page_table
        return self.kv_pool, md.page_table
