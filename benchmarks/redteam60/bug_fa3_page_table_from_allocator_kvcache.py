"""FlashAttention (FA3) decode backend port for hybrid sliding-window models.

Builds `page_table` / `cache_seqlens` into `forward_metadata`; for sliding-window layers the
page table is expressed in SWA-pool locations.
"""

from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: torch.Tensor = None
    max_seq_len_k: int = 0
    cu_seqlens_q: torch.Tensor = None
    cu_seqlens_k: torch.Tensor = None
    page_table: torch.Tensor = None
    swa_page_table: Optional[torch.Tensor] = None
    extras: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    """FA3 backend (decode) that keeps a separate SWA page table."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        # The allocator owns the physical cache layout; use its view of the KV cache.
        self.token_to_kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.forward_metadata: Optional[FlashAttentionMetadata] = None

    def _swa_page_table(self, page_table: torch.Tensor) -> torch.Tensor:
        flat = page_table.reshape(-1)
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(flat).view_as(page_table)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        bs = out_cache_loc.shape[0]
        metadata = FlashAttentionMetadata()
        metadata.cache_seqlens_int32 = torch.ones(bs, dtype=torch.int32, device=self.device)
        metadata.max_seq_len_k = 1
        metadata.cu_seqlens_q = torch.arange(0, bs + 1, dtype=torch.int32, device=self.device)
        metadata.cu_seqlens_k = torch.nn.functional.pad(
            torch.cumsum(metadata.cache_seqlens_int32, dim=0, dtype=torch.int32), (1, 0)
        )
        metadata.page_table = out_cache_loc.view(bs, 1)
        if self.use_sliding_window_kv_pool:
            metadata.swa_page_table = self._swa_page_table(metadata.page_table)
        self.forward_metadata = metadata

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        page_table = md.swa_page_table if md.swa_page_table is not None else md.page_table
        return self.token_to_kv_pool, page_table.reshape(-1)
