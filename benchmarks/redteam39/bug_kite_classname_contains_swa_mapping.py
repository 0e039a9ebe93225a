"""FlashInfer-like decode wrapper that gathers SWA indices from the full-to-SWA table."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class WrapperConfig:
    page_size: int
    use_sliding_window: bool
    max_context_len: int


def _build_config(model_runner, allocator) -> WrapperConfig:
    name = type(allocator).__name__
    return WrapperConfig(
        page_size=model_runner.page_size,
        use_sliding_window="SWA" in name,
        max_context_len=model_runner.req_to_token_pool.req_to_token.shape[1],
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.config = _build_config(model_runner, self.allocator)
        self.kv_indptr = torch.zeros(
            model_runner.max_running_requests + 1,
            dtype=torch.int32,
            device=model_runner.device,
        )
        if self.config.use_sliding_window:
            logger.info("decode wrapper uses the sliding-window index table")

    def _gather_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.config.use_sliding_window:
            return loc
        table = self.allocator.full_to_swa_index_mapping
        return table[loc].to(loc.dtype)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._gather_indices(loc)
