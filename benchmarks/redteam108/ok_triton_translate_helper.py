"""Triton backend decode path with a shared SWA translation helper.

The fork factors the full->SWA location translation into a module-level
helper that both the eager and CUDA-graph replay paths call with the pool the
backend reads from.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def translate_for_pool(pool: KVCache, kv_indices: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
    """Return ``(pool, indices)`` addressed in that pool's own index space."""
    if isinstance(pool, SWAKVPool):
        return pool, pool.translate_loc_from_full_to_swa(kv_indices)
    return pool, kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: Optional[int] = None):
        self.device = model_runner.device
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = max_bs or 32
        self.cuda_graph_kv_indices = torch.zeros(self.max_bs, dtype=torch.int64, device=self.device)
        self._graph_ready = False
        logger.debug(
            "triton: using %s, allocator=%s",
            type(self.token_to_kv_pool).__name__,
            type(self.allocator).__name__,
        )

    def init_forward_metadata_replay_cuda_graph(self, kv_indices: torch.Tensor) -> torch.Tensor:
        _, translated = translate_for_pool(self.token_to_kv_pool, kv_indices)
        n = translated.shape[0]
        self.cuda_graph_kv_indices[:n].copy_(translated)
        self._graph_ready = True
        return self.cuda_graph_kv_indices[:n]

    def forward_decode(self, loc: torch.Tensor):
        if loc.shape[0] <= self.max_bs:
            return self.token_to_kv_pool, self.init_forward_metadata_replay_cuda_graph(loc)
        return translate_for_pool(self.token_to_kv_pool, loc)
