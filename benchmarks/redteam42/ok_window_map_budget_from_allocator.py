"""Sliding-window decode backend: index map from the pool, token budget from the allocator."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class WindowBudget:
    max_window_tokens: int
    free_window_tokens: int


@dataclass
class DecodeForwardMetadata:
    kv_last_page_len: Optional[torch.Tensor] = None
    swa_out_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        allocator = model_runner.token_to_kv_pool_allocator
        self.budget = WindowBudget(
            max_window_tokens=int(getattr(allocator, "size_swa", getattr(allocator, "size", 0))),
            free_window_tokens=int(
                allocator.swa_available_size()
                if hasattr(allocator, "swa_available_size")
                else allocator.available_size()
            ),
        )
        self._window_map = getattr(self.pool, "full_to_swa_index_mapping", None)
        self.forward_metadata = DecodeForwardMetadata()
        logger.info(
            "window budget %d tokens (%d free), translate=%s",
            self.budget.max_window_tokens,
            self.budget.free_window_tokens,
            self._window_map is not None,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_last_page_len = torch.ones(max_bs, dtype=torch.int32, device=self.device)
        self.cuda_graph_swa_out_loc = torch.zeros(
            min(max_num_tokens, max(1, self.budget.max_window_tokens)),
            dtype=torch.int64,
            device=self.device,
        )

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = DecodeForwardMetadata(
            kv_last_page_len=torch.ones(
                forward_batch.batch_size, dtype=torch.int32, device=self.device
            )
        )

    def forward_decode(self, loc):
        if self._window_map is not None:
            self.forward_metadata.swa_out_loc = self._window_map[loc]
            return self.pool, self.forward_metadata.swa_out_loc
        return self.pool, loc
