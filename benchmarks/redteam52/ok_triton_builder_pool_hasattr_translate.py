"""Triton decode backend with a separate metadata builder for the kv index buffers."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class TritonDecodeMetadata:
    num_kv_splits: torch.Tensor
    kv_indptr: torch.Tensor
    kv_indices: torch.Tensor
    max_extend_len: Optional[int] = None


class TritonMetadataBuilder:
    def __init__(self, *, device, num_kv_splits: int, kv_pool, kv_allocator, page_size=1):
        self.device = device
        self.page_size = page_size
        self.default_num_kv_splits = num_kv_splits
        self.kv_pool = kv_pool
        # the allocator only bounds the page table; it says nothing about the
        # index space of the pool we read (a draft shares it with the target)
        self.max_pages = max(1, int(kv_allocator.size) // max(1, page_size))
        self.use_window_indices = hasattr(kv_pool, "translate_loc_from_full_to_swa")

    def _map_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.use_window_indices:
            return loc
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def build_decode(self, loc: torch.Tensor) -> TritonDecodeMetadata:
        kv_indices = self._map_indices(loc)
        kv_indptr = torch.tensor([0, kv_indices.numel()], dtype=torch.int32)
        splits = torch.full((1,), self.default_num_kv_splits, dtype=torch.int32)
        return TritonDecodeMetadata(
            num_kv_splits=splits, kv_indptr=kv_indptr, kv_indices=kv_indices
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        server_args = model_runner.server_args
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.metadata_builder = TritonMetadataBuilder(
            device=self.device,
            num_kv_splits=getattr(server_args, "triton_attention_num_kv_splits", 8),
            kv_pool=self.token_to_kv_pool,
            kv_allocator=model_runner.token_to_kv_pool_allocator,
            page_size=getattr(model_runner, "page_size", 1),
        )
        self.forward_metadata: Optional[TritonDecodeMetadata] = None
        self.cuda_graph_num_kv_splits = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_num_kv_splits = torch.full(
            (max_bs,), self.metadata_builder.default_num_kv_splits, dtype=torch.int32
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        self.forward_metadata = self.metadata_builder.build_decode(loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.kv_indices
