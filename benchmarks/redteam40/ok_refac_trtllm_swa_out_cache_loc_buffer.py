"""TRTLLM MHA-style ``cuda_graph_swa_out_cache_loc``: allocated only for a window pool, sized
by the smaller of the graph's token budget and the allocator; the fill helper returns early."""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.max_context_len = model_runner.model_config.context_len
        self.init_cuda_graph_state(
            max_bs=model_runner.max_running_requests,
            max_num_tokens=model_runner.max_running_requests * self.max_context_len,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int) -> None:
        capacity = min(max_num_tokens, self.token_to_kv_pool_allocator.size)
        self.cuda_graph_swa_out_cache_loc = (
            torch.zeros(capacity, dtype=torch.int64) if self.use_sliding_window_kv_pool else None
        )

    def _fill_cuda_graph_swa_out_cache_loc(
        self, out_cache_loc: torch.Tensor
    ) -> Optional[torch.Tensor]:
        if not self.use_sliding_window_kv_pool:
            return None
        n = out_cache_loc.shape[0]
        assert n <= self.cuda_graph_swa_out_cache_loc.shape[0], (
            f"{n} tokens exceed the swa write buffer; "
            f"allocator {type(self.token_to_kv_pool_allocator).__name__} has "
            f"{self.token_to_kv_pool_allocator.available_size()} free"
        )
        self.cuda_graph_swa_out_cache_loc[:n].copy_(
            self.token_to_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        )
        return self.cuda_graph_swa_out_cache_loc[:n]

    def forward_decode(self, loc):
        swa_loc = self._fill_cuda_graph_swa_out_cache_loc(loc)
        return self.token_to_kv_pool, loc if swa_loc is None else swa_loc
