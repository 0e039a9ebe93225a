"""TRTLLM MHA-style ``cuda_graph_swa_out_cache_loc``: allocated when the allocator can count
free window slots; ``use_sliding_window_kv_pool`` is a property over that buffer."""

from __future__ import annotations

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.max_context_len = model_runner.model_config.context_len
        self.init_cuda_graph_state(
            max_bs=model_runner.max_running_requests,
            max_num_tokens=model_runner.max_running_requests * self.max_context_len,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int) -> None:
        allocator = self.token_to_kv_pool_allocator
        capacity = min(max_num_tokens, allocator.size)
        has_window = callable(getattr(allocator, "swa_available_size", None))
        self.cuda_graph_swa_out_cache_loc = (
            torch.zeros(capacity, dtype=torch.int64) if has_window else None
        )

    @property
    def use_sliding_window_kv_pool(self) -> bool:
        return self.cuda_graph_swa_out_cache_loc is not None

    def _fill_cuda_graph_swa_out_cache_loc(
        self, out_cache_loc: torch.Tensor
    ) -> Optional[torch.Tensor]:
        if not self.use_sliding_window_kv_pool:
            return None
        n = out_cache_loc.shape[0]
        self.cuda_graph_swa_out_cache_loc[:n].copy_(
            self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(out_cache_loc)
        )
        return self.cuda_graph_swa_out_cache_loc[:n]

    def forward_decode(self, loc):
        swa_loc = self._fill_cuda_graph_swa_out_cache_loc(loc)
        return self.token_to_kv_pool, loc if swa_loc is None else swa_loc
