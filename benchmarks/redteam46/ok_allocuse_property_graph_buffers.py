"""Decode backend whose CUDA-graph index buffers are sized from the allocator's capacity."""

import logging
import math
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class GraphCapacity:
    max_bs: int
    full_tokens: int
    swa_tokens: int

    def pages(self, tokens: int, page_size: int) -> int:
        return max(math.ceil(tokens / page_size), 1)


def _capacity_from(allocator, max_bs: int) -> GraphCapacity:
    full = getattr(allocator, "size_full", None) or allocator.size
    swa = getattr(allocator, "size_swa", full)
    return GraphCapacity(max_bs=max_bs, full_tokens=int(full), swa_tokens=int(swa))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        max_bs = getattr(model_runner, "max_running_requests", None) or 16
        self.capacity = _capacity_from(model_runner.token_to_kv_pool_allocator, max_bs)
        self.is_swa_pool = hasattr(self.pool, "translate_loc_from_full_to_swa")
        self.cuda_graph_kv_indices = None
        self.cuda_graph_swa_kv_indices = None
        self.init_cuda_graph_state(max_bs)

    def init_cuda_graph_state(self, max_bs: int) -> None:
        cap = self.capacity
        self.cuda_graph_kv_indices = torch.zeros(
            (max_bs, cap.pages(cap.full_tokens, self.page_size)), dtype=torch.int32
        )
        # Sized from the allocator's window capacity; a full-only pool leaves it idle.
        self.cuda_graph_swa_kv_indices = torch.zeros(
            (max_bs, cap.pages(cap.swa_tokens, self.page_size)), dtype=torch.int32
        )
        logger.info(
            "cuda graph buffers: bs=%d full_pages=%d swa_pages=%d",
            max_bs,
            self.cuda_graph_kv_indices.shape[1],
            self.cuda_graph_swa_kv_indices.shape[1],
        )

    def _graph_buffer(self):
        if self.is_swa_pool:
            return self.cuda_graph_swa_kv_indices
        return self.cuda_graph_kv_indices

    def forward_decode(self, loc):
        buf = self._graph_buffer()
        assert buf.shape[0] >= 1, "cuda graph buffer not initialised"
        if self.is_swa_pool:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
