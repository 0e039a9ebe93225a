"""XPU flash-attention backend: SWA page table via the token allocator.

The allocator exposes ``translate_loc_from_full_to_swa`` (also used for PD
transfer), so the backend routes page-table translation through it instead of
reaching into the pool's mapping.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator


@dataclass
class XPUForwardMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.skip_prefill = skip_prefill
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator: BaseTokenToKVPoolAllocator = (
            model_runner.token_to_kv_pool_allocator
        )
        self.use_sliding_window_kv_pool = hasattr(
            self.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"
        )
        self.forward_metadata: Optional[XPUForwardMetadata] = None

    def init_forward_metadata(self, page_table: torch.Tensor) -> None:
        metadata = XPUForwardMetadata(page_table=page_table)
        if self.use_sliding_window_kv_pool:
            metadata.swa_page_table = (
                self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(page_table)
            )
        self.forward_metadata = metadata

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self.token_to_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
