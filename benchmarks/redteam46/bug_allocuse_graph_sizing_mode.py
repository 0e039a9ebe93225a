"""Decode backend whose CUDA-graph window buffers, and window mode, follow allocator capacity."""

import logging
import math

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.max_bs = getattr(model_runner, "max_running_requests", None) or 16
        self.full_tokens = int(getattr(allocator, "size_full", allocator.size))
        self.swa_tokens = int(getattr(allocator, "size_swa", 0) or 0)
        self.has_swa_buffers = self.swa_tokens > 0
        self.init_cuda_graph_state()

    def _pages(self, tokens: int) -> int:
        return max(math.ceil(tokens / self.page_size), 1)

    def init_cuda_graph_state(self) -> None:
        self.cuda_graph_kv_indices = torch.zeros(
            (self.max_bs, self._pages(self.full_tokens)), dtype=torch.int32
        )
        self.cuda_graph_swa_kv_indices = None
        if self.has_swa_buffers:
            self.cuda_graph_swa_kv_indices = torch.zeros(
                (self.max_bs, self._pages(self.swa_tokens)), dtype=torch.int32
            )
        logger.info(
            "cuda graph buffers: bs=%d full=%d swa=%d",
            self.max_bs,
            self.full_tokens,
            self.swa_tokens,
        )

    def forward_decode(self, loc):
        if self.has_swa_buffers:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
