"""Decode backend that reports SWA headroom and enables the windowed path when the runner exposes it."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        swa_available = getattr(self.allocator, "swa_available_size", None)
        self.use_sliding_window_kv_pool = callable(swa_available)
        self._swa_loc_buf: Optional[torch.Tensor] = None
        if self.use_sliding_window_kv_pool:
            logger.info(
                "SWA headroom at init: %d / %d tokens",
                swa_available(),
                self.allocator.available_size(),
            )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.use_sliding_window_kv_pool:
            self._swa_loc_buf = torch.empty(max_num_tokens, dtype=torch.int64)

    def can_run_decode(self, num_tokens: int) -> bool:
        if not self.use_sliding_window_kv_pool:
            return self.allocator.available_size() >= num_tokens
        return self.allocator.swa_available_size() >= num_tokens

    def init_forward_metadata_capture_cuda_graph(self, bs: int, loc: torch.Tensor):
        if self._swa_loc_buf is not None:
            self._swa_loc_buf[:bs].copy_(self._swa_loc(loc)[:bs])

    def _swa_loc(self, loc: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, self._swa_loc(loc)
        return self.token_to_kv_pool, loc
