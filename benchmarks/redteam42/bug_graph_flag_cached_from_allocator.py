"""Triton-style decode backend with SWA translation and cuda-graph capture buffers."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class TritonDecodeMetadata:
    kv_indptr: torch.Tensor
    kv_indices: torch.Tensor
    num_kv_splits: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        # Capture buffers are sized from the allocator's capacity; with the SWA
        # allocator the window half is smaller and bounds the index buffer.
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            self.kv_index_capacity = self.allocator.size_swa
            self.use_sliding_window_kv_pool = True
        else:
            self.kv_index_capacity = getattr(self.allocator, "size", 0)
            self.use_sliding_window_kv_pool = False
        self.forward_metadata: Optional[TritonDecodeMetadata] = None
        logger.info(
            "decode backend: window=%s kv_index_capacity=%d",
            self.use_sliding_window_kv_pool,
            self.kv_index_capacity,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indptr = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)
        self.cuda_graph_kv_indices = torch.zeros(
            max(self.kv_index_capacity, max_num_tokens),
            dtype=torch.int64,
            device=self.device,
        )

    def init_forward_metadata_capture_cuda_graph(self, bs: int):
        self.forward_metadata = TritonDecodeMetadata(
            kv_indptr=self.cuda_graph_kv_indptr[: bs + 1],
            kv_indices=self.cuda_graph_kv_indices,
        )

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
