"""Dual-chunk flash-attention backend port: KV layout from the runner's pool class name."""

from dataclasses import dataclass
from typing import Optional

import torch


@dataclass
class DualChunkFlashAttentionMetadata:
    seq_lens: Optional[torch.Tensor] = None
    max_decode_seq_len: int = 0
    block_tables: Optional[torch.Tensor] = None
    block_tables_intra: Optional[torch.Tensor] = None
    slot_mapping: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """DualChunkFlashAttentionBackend, decode slot mapping only."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.chunk_size = 8192
        self.local_size = 1024
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.block_size = model_runner.token_to_kv_pool_allocator.page_size
        pool_kind = type(self.token_to_kv_pool).__name__
        self.kv_layout = "swa" if pool_kind in ("SWAKVPool", "BaseSWAKVPool") else "full"
        self.forward_metadata: Optional[DualChunkFlashAttentionMetadata] = None

    def _slot_mapping(self, loc: torch.Tensor) -> torch.Tensor:
        if self.kv_layout == "swa":
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def _block_tables(self, slots: torch.Tensor) -> torch.Tensor:
        return (slots // self.block_size).unsqueeze(0)

    def init_forward_metadata(self, loc: torch.Tensor):
        slots = self._slot_mapping(loc)
        self.forward_metadata = DualChunkFlashAttentionMetadata(
            seq_lens=torch.ones_like(loc, dtype=torch.int32),
            max_decode_seq_len=1,
            block_tables=self._block_tables(slots),
            block_tables_intra=self._block_tables(slots),
            slot_mapping=slots,
        )

    def forward_decode(self, loc: torch.Tensor):
        """Intra-chunk decode: (pool, slot mapping)."""
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.slot_mapping
