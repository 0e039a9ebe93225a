"""FlashAttention (FA3) decode backend port with a local-attention metadata builder.

The metadata builder receives an optional `swa_translate` callable that maps full-pool page
table entries into the SWA pool used by sliding-window layers.
"""

from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class LocalAttentionMetadata:
    local_query_start_loc: torch.Tensor
    local_seqused_k: torch.Tensor
    local_block_table: torch.Tensor
    local_max_query_len: int = 1


class LocalAttentionMetadataBuilder:
    def __init__(self, page_size: int, device, swa_translate: Optional[Callable] = None):
        self.page_size = page_size
        self.device = device
        self.swa_translate = swa_translate

    def build(
        self, page_table: torch.Tensor, cache_seqlens: torch.Tensor
    ) -> LocalAttentionMetadata:
        bs = page_table.shape[0]
        block_table = page_table
        if self.swa_translate is not None:
            block_table = self.swa_translate(page_table.reshape(-1)).view(bs, -1)
        return LocalAttentionMetadata(
            local_query_start_loc=torch.arange(bs + 1, dtype=torch.int32, device=self.device),
            local_seqused_k=cache_seqlens,
            local_block_table=block_table,
        )


class GeneratedAttnBackend:
    """FA3 backend, decode path, with chunked/sliding local attention metadata."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.local_builder = LocalAttentionMetadataBuilder(
            page_size=self.page_size,
            device=self.device,
            swa_translate=(
                self.token_to_kv_pool.translate_loc_from_full_to_swa
                if self.use_sliding_window_kv_pool
                else None
            ),
        )
        self.forward_metadata = None

    def forward_decode(self, loc):
        bs = loc.numel()
        cache_seqlens = torch.ones(bs, dtype=torch.int32, device=self.device)
        self.forward_metadata = self.local_builder.build(loc.view(bs, 1), cache_seqlens)
        return self.token_to_kv_pool, self.forward_metadata.local_block_table.reshape(-1)
