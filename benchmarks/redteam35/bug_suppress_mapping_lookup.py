"""Decode backend that tolerates allocators without a window index mapping."""

import contextlib
import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.full_to_swa: Optional[torch.Tensor] = None
        with contextlib.suppress(AttributeError):
            self.full_to_swa = model_runner.token_to_kv_pool_allocator.full_to_swa_index_mapping
        self.forward_metadata = ForwardMetadata()

    def init_forward_metadata(self, loc: torch.Tensor) -> ForwardMetadata:
        page_table = loc if self.full_to_swa is None else self.full_to_swa[loc]
        self.forward_metadata = ForwardMetadata(
            cache_seqlens=torch.ones_like(loc, dtype=torch.int32),
            page_table=page_table,
        )
        return self.forward_metadata

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        md = self.init_forward_metadata(loc)
        return self.token_to_kv_pool, md.page_table
