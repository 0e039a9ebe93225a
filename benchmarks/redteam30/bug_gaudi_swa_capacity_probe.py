"""Gaudi2 fused-SDPA decode backend; sizes the sliding-window buffers from the allocator."""

from __future__ import annotations

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Decode-only backend for Gaudi2 (HPU graphs)."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_bs = model_runner.max_running_requests
        self.kv_pool = model_runner.token_to_kv_pool

        allocator = model_runner.token_to_kv_pool_allocator
        # Full pool capacity is always there; the window capacity only exists for
        # hybrid sliding-window models.
        self.full_capacity: int = allocator.size
        self.swa_capacity: Optional[int] = getattr(allocator, "size_swa", None)
        logger.info(
            "HPU decode backend: full=%d swa=%s page_size=%d",
            self.full_capacity,
            self.swa_capacity,
            self.page_size,
        )

        self.graph_swa_loc: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.swa_capacity is not None:
            self.graph_swa_loc = torch.zeros(
                (max_num_tokens,), dtype=torch.int64, device=self.device
            )

    def _window_loc(self, loc: torch.Tensor) -> torch.Tensor:
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self.swa_capacity:
            return self.kv_pool, self._window_loc(loc)
        return self.kv_pool, loc
