"""FlashAttention (FA3) backend port whose local-attention builder gets the allocator's translator."""

from dataclasses import dataclass, field
from typing import Callable, Optional

import torch


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    max_seq_len_q: int = 1
    max_seq_len_k: int = 0
    cu_seqlens_q: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    extras: dict = field(default_factory=dict)


@dataclass
class LocalAttentionMetadataBuilder:
    page_size: int
    max_context_len: int
    device: str
    swa_translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None

    def build_page_table(self, loc: torch.Tensor) -> torch.Tensor:
        table = loc if self.swa_translate is None else self.swa_translate(loc)
        return table // self.page_size if self.page_size > 1 else table


class GeneratedAttnBackend:
    """FA3 decode path; only the page-table construction is kept."""

    def __init__(self, model_runner, skip_prefill: bool = False, topk: int = 0):
        self.forward_metadata: Optional[FlashAttentionMetadata] = None
        self.max_context_len = model_runner.model_config.context_len
        self.device = model_runner.device
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = model_runner.page_size
        self.skip_prefill = skip_prefill
        self.topk = topk
        self.is_draft_runner = model_runner.is_draft_worker

        # size_swa is only reported by the hybrid allocator.
        self.use_sliding_window_kv_pool = getattr(self.kv_allocator, "size_swa", 0) > 0
        self.local_builder = self._make_local_builder()

    def _make_local_builder(self) -> LocalAttentionMetadataBuilder:
        return LocalAttentionMetadataBuilder(
            page_size=self.page_size,
            max_context_len=self.max_context_len,
            device=self.device,
            swa_translate=(
                self.kv_allocator.translate_loc_from_full_to_swa
                if self.use_sliding_window_kv_pool
                else None
            ),
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        metadata = FlashAttentionMetadata(
            cache_seqlens_int32=torch.ones_like(loc, dtype=torch.int32),
            max_seq_len_k=int(loc.numel()),
            page_table=loc,
        )
        if self.use_sliding_window_kv_pool:
            metadata.swa_page_table = self.local_builder.build_page_table(loc)
        self.forward_metadata = metadata

    def forward_decode(self, loc: torch.Tensor):
        """Window layers read the SWA page table when the pool is split."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        table = md.swa_page_table if md.swa_page_table is not None else md.page_table
        return self.token_to_kv_pool, table
