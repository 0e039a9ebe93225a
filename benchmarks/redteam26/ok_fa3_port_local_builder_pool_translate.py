"""FlashAttention (FA3) backend port: the local-attention builder gets the runner's own pool translator."""

from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    max_seq_len_k: int = 0
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


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
    """FA3 decode path, page tables only."""

    def __init__(self, model_runner, skip_prefill: bool = False, topk: int = 0):
        self.forward_metadata: Optional[FlashAttentionMetadata] = None
        self.max_context_len = model_runner.model_config.context_len
        self.device = model_runner.device
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # Page size as the allocator hands out pages.
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.skip_prefill = skip_prefill
        self.topk = topk
        # The worker fetches the tree-mask scratch from the target backend
        # only; draft-side instances must not allocate it.
        self.is_draft_runner = model_runner.is_draft_worker
        self.use_sliding_window_kv_pool = (
            isinstance(model_runner.token_to_kv_pool, SWAKVPool)
            and model_runner.token_to_kv_pool.swa_layer_nums > 0
        )
        self.local_builder = LocalAttentionMetadataBuilder(
            page_size=self.page_size,
            max_context_len=self.max_context_len,
            device=self.device,
            swa_translate=(
                self.token_to_kv_pool.translate_loc_from_full_to_swa
                if self.use_sliding_window_kv_pool
                else None
            ),
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        md = FlashAttentionMetadata(
            cache_seqlens_int32=torch.ones_like(loc, dtype=torch.int32),
            max_seq_len_k=int(loc.numel()),
            page_table=loc,
        )
        if self.use_sliding_window_kv_pool:
            md.swa_page_table = self.local_builder.build_page_table(loc)
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        """Window-layer decode: (pool, page table)."""
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        table = md.swa_page_table if md.swa_page_table is not None else md.page_table
        return self.token_to_kv_pool, table
