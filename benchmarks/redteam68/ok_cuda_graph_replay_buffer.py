"""Decode backend with CUDA-graph capture/replay buffers for SWA index tables.

During replay the per-step slot indices are written into static buffers that the
captured graph reads. For hybrid pools a second static buffer holds the
sliding-window slots, refreshed from the pool's mapping before each replay.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_bs: int = 64):
        super().__init__()
        self.device = model_runner.device
        self.max_bs = max_bs
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool = self.token_to_kv_pool
        self.cuda_graph_kv_indices: Optional[torch.Tensor] = None
        self.cuda_graph_swa_kv_indices: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_num_tokens: int) -> None:
        self.cuda_graph_kv_indices = torch.zeros(max_num_tokens, dtype=torch.int64)
        if self.swa_kv_pool is not None:
            self.cuda_graph_swa_kv_indices = torch.zeros(max_num_tokens, dtype=torch.int64)
        logger.debug(
            "captured kv index buffers (%d tokens), allocator free=%d",
            max_num_tokens,
            self.token_to_kv_pool_allocator.available_size(),
        )

    def _replay_update_indices(self, loc: torch.Tensor) -> torch.Tensor:
        n = loc.numel()
        self.cuda_graph_kv_indices[:n].copy_(loc)
        if self.cuda_graph_swa_kv_indices is None:
            return self.cuda_graph_kv_indices[:n]
        swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.cuda_graph_swa_kv_indices[:n].copy_(swa_loc)
        return self.cuda_graph_swa_kv_indices[:n]

    def forward_decode(self, loc: torch.Tensor):
        if self.cuda_graph_kv_indices is None or self.cuda_graph_kv_indices.numel() < loc.numel():
            self.init_cuda_graph_state(max(self.max_bs, loc.numel()))
        read_loc = self._replay_update_indices(loc).clone()
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
        return pool, read_loc
