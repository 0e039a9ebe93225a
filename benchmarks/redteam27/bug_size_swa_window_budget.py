"""Sliding-window decode backend that derives its window budget from the allocator's SWA size."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_MIN_GRAPH_BS = 1
_MAX_GRAPH_BS = 160


def _pages(tokens: int, page_size: int) -> int:
    return (tokens + page_size - 1) // page_size


class GeneratedAttnBackend:
    """Reads the sliding-window layers through the compact SWA index space."""

    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.pool = model_runner.token_to_kv_pool
        self.page_size = max(1, int(model_runner.page_size))
        allocator = model_runner.token_to_kv_pool_allocator
        self._allocator = allocator

        # Tokens that the sliding-window layers can hold; zero on full-attention models.
        self.swa_tokens = int(getattr(allocator, "size_swa", 0) or 0)
        self.use_sliding_window = self.swa_tokens > 0
        self.max_swa_pages = _pages(self.swa_tokens, self.page_size)

        self.cuda_graph_swa_loc: Optional[torch.Tensor] = None
        logger.info(
            "window budget: %d tokens / %d pages",
            self.swa_tokens,
            self.max_swa_pages,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_bs = min(max(max_bs, _MIN_GRAPH_BS), _MAX_GRAPH_BS)
        if self.use_sliding_window:
            self.cuda_graph_swa_loc = torch.zeros(
                max_num_tokens, dtype=torch.int64, device=self.model_runner.device
            )

    def _to_window_space(self, loc: torch.Tensor) -> torch.Tensor:
        return self._allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self.use_sliding_window:
            loc = self._to_window_space(loc)
        return self.pool, loc
