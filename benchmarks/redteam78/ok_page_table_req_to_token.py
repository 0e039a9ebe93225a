"""Paged decode backend that materializes a per-request page table.

The page table is sliced out of ``req_to_token`` for the active requests and, for hybrid
sliding-window checkpoints, rewritten into SWA-buffer coordinates with the pool's index
table. The allocator is only consulted for a free-slot count that goes into the metadata.
"""

from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeMetadata:
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None
    free_slots: int = 0
    extra: dict = field(default_factory=dict)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_context_len: int = 32):
        super().__init__()
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.max_context_len = max_context_len
        self.forward_metadata: Optional[DecodeMetadata] = None

    def _swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def init_forward_metadata(self, req_pool_indices: torch.Tensor) -> DecodeMetadata:
        page_table = self.req_to_token[req_pool_indices, : self.max_context_len].long()
        swa_pool = self._swa_pool()
        swa_page_table = None
        if swa_pool is not None:
            swa_page_table = swa_pool.translate_loc_from_full_to_swa(page_table)
        self.forward_metadata = DecodeMetadata(
            page_table=page_table,
            swa_page_table=swa_page_table,
            free_slots=self.token_to_kv_pool_allocator.available_size(),
        )
        return self.forward_metadata

    def forward_decode(self, loc: torch.Tensor):
        req_pool_indices = torch.zeros(loc.shape[0], dtype=torch.int64, device=loc.device)
        self.init_forward_metadata(req_pool_indices)
        swa_pool = self._swa_pool()
        if swa_pool is None:
            return self.token_to_kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
