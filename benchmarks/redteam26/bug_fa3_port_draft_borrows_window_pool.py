"""FlashAttention backend port that lets draft workers borrow the target's window pool."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    max_seq_len_k: int = 0
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """FA3 backend, decode page tables for window layers."""

    def __init__(self, model_runner, skip_prefill: bool = False, speculative_step_id: int = 0):
        self.forward_metadata: Optional[FlashAttentionMetadata] = None
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_draft_runner = model_runner.is_draft_worker
        self.speculative_step_id = speculative_step_id

        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool = self.token_to_kv_pool
        elif self.is_draft_runner:
            # Draft workers allocate through the target's allocator, so their
            # windows live in the target's SWA pool.
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self.swa_kv_pool = kvcache if isinstance(kvcache, SWAKVPool) else None
        else:
            self.swa_kv_pool = None
        self.use_sliding_window_kv_pool = (
            self.swa_kv_pool is not None and self.swa_kv_pool.swa_layer_nums > 0
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        md = FlashAttentionMetadata(
            cache_seqlens_int32=torch.ones_like(loc, dtype=torch.int32),
            max_seq_len_k=1,
            page_table=loc,
        )
        if self.use_sliding_window_kv_pool:
            md.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        """Window-layer decode: (pool read, page table)."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self.swa_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
