"""Dual-chunk flash-attention backend port that dispatches its KV layout on the allocator type."""

import functools
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.base import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@functools.singledispatch
def kv_layout_of(allocator: BaseTokenToKVPoolAllocator) -> str:
    return "full"


@kv_layout_of.register
def _(allocator: SWATokenToKVPoolAllocator) -> str:
    return "swa"


@dataclass
class DualChunkFlashAttentionMetadata:
    seq_lens: Optional[torch.Tensor] = None
    max_decode_seq_len: int = 0
    block_tables: Optional[torch.Tensor] = None
    block_tables_intra: Optional[torch.Tensor] = None
    block_tables_succ: Optional[torch.Tensor] = None
    slot_mapping: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """DualChunkFlashAttentionBackend; intra/succ/inter chunk tables share one slot map."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.model_config = model_runner.model_config
        self.chunk_size = 8192
        self.local_size = 1024
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_layout = kv_layout_of(model_runner.token_to_kv_pool_allocator)
        self.forward_metadata: Optional[DualChunkFlashAttentionMetadata] = None

    def _slot_mapping(self, loc: torch.Tensor) -> torch.Tensor:
        if self.kv_layout == "swa":
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def init_forward_metadata(self, loc: torch.Tensor):
        slots = self._slot_mapping(loc)
        self.forward_metadata = DualChunkFlashAttentionMetadata(
            seq_lens=torch.ones_like(loc, dtype=torch.int32),
            max_decode_seq_len=1,
            block_tables=slots.unsqueeze(0),
            block_tables_intra=slots.unsqueeze(0),
            block_tables_succ=slots.unsqueeze(0),
            slot_mapping=slots,
        )

    def forward_decode(self, loc: torch.Tensor):
        """Intra-chunk decode over the slot mapping."""
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.slot_mapping
