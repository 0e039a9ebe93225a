"""Paged decode backend that gathers window slots from the hybrid pool's mapping table."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class PagedMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # Page geometry is a property of the slot allocator.
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.is_swa = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.metadata = PagedMetadata()

    def _mapping(self) -> torch.Tensor:
        mapping = self.token_to_kv_pool.full_to_swa_index_mapping
        assert mapping is not None, "SWA pool has no registered full->swa mapping"
        return mapping

    def init_forward_metadata(self, req_pool_indices: torch.Tensor, seq_lens: torch.Tensor):
        max_len = int(seq_lens.max().item())
        tokens = self.req_to_token[req_pool_indices, :max_len]
        self.metadata.page_table = tokens[:, :: self.page_size] // self.page_size
        if self.is_swa:
            swa_tokens = self._mapping()[tokens.long()]
            self.metadata.swa_page_table = swa_tokens[:, :: self.page_size] // self.page_size

    def forward_decode(self, loc):
        if self.is_swa:
            loc = self._mapping()[loc]
        return self.token_to_kv_pool, loc
