"""Triton-style ``init_cuda_graph_state``: window buffers are allocated when the allocator
reports a window capacity; decode fills them in place when they exist."""

from __future__ import annotations

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.cuda_graph_window_kv_indices: Optional[torch.Tensor] = None
        if not model_runner.server_args.disable_cuda_graph:
            self.init_cuda_graph_state(model_runner.max_running_requests)

    def init_cuda_graph_state(self, max_bs: int) -> None:
        allocator = self.token_to_kv_pool_allocator
        self.cuda_graph_kv_indices = torch.zeros(max_bs * allocator.size, dtype=torch.int64)
        window_tokens = getattr(allocator, "size_swa", None)
        if window_tokens:
            self.cuda_graph_window_kv_indices = torch.zeros(
                max_bs * window_tokens, dtype=torch.int64
            )
            logger.info(
                "window cuda-graph buffer: %d slots",
                self.cuda_graph_window_kv_indices.numel(),
            )

    def forward_decode(self, loc):
        if self.cuda_graph_window_kv_indices is None:
            return self.token_to_kv_pool, loc
        n = loc.numel()
        buf = self.cuda_graph_window_kv_indices[:n]
        buf.copy_(self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc))
        return self.token_to_kv_pool, buf
