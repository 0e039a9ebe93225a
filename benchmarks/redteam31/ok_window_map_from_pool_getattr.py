"""Paged decode backend that gathers window page tables through the pool's index mapping."""

from dataclasses import dataclass
from typing import Optional

import torch


@dataclass
class PagedDecodeMetadata:
    page_table: Optional[torch.Tensor] = None
    window_page_table: Optional[torch.Tensor] = None
    max_seq_len: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        assert alloc.page_size == self.page_size, "allocator and runner disagree on page size"

        # Raw full->window index map for the on-device gather; registered on hybrid pools only.
        self._full_to_window: Optional[torch.Tensor] = getattr(
            self.pool, "full_to_swa_index_mapping", None
        )
        self.forward_metadata = PagedDecodeMetadata()

    def _gather_window(self, full_indices: torch.Tensor) -> torch.Tensor:
        return self._full_to_window[full_indices.long()]

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max())
        token_table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        metadata = PagedDecodeMetadata(
            page_table=token_table[:, :: self.page_size] // self.page_size,
            max_seq_len=max_len,
        )
        if self._full_to_window is not None:
            window_tokens = self._gather_window(token_table[:, :: self.page_size])
            metadata.window_page_table = window_tokens // self.page_size
        self.forward_metadata = metadata

    def forward_decode(self, loc):
        if self._full_to_window is not None:
            loc = self._gather_window(loc)
        return self.pool, loc
