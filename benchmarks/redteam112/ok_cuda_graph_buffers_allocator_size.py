"""CUDA graph support for the sliding-window decode backend.

Adds static index buffers for graph capture. Buffer capacity follows the token
allocator so replays never overflow; the pool the step reads from is the
runner's own KV pool.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _GraphIndexBuffers:
    def __init__(self, max_bs: int, device):
        self.max_bs = max_bs
        self.kv_indices = torch.zeros(max_bs, dtype=torch.int64, device=device)
        self.swa_kv_indices = torch.zeros(max_bs, dtype=torch.int64, device=device)

    def stage(self, loc: torch.Tensor, swa_loc: Optional[torch.Tensor]) -> int:
        bs = loc.numel()
        self.kv_indices[:bs].copy_(loc)
        if swa_loc is not None:
            self.swa_kv_indices[:bs].copy_(swa_loc)
        return bs


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: Optional[int] = None):
        self.device = model_runner.device
        allocator = model_runner.token_to_kv_pool_allocator
        # Size the capture buffers from allocator capacity (full and SWA).
        capacity = min(allocator.size, getattr(allocator, "size_swa", allocator.size))
        self.max_bs = max_bs or min(capacity, 256)

        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        self.graph_buffers = _GraphIndexBuffers(self.max_bs, self.device)
        self.in_capture = False
        logger.info(
            "SWA decode graph buffers: max_bs=%d swa=%s", self.max_bs, self.swa_kv_pool is not None
        )

    def init_cuda_graph_state(self, max_bs: int) -> None:
        if max_bs > self.graph_buffers.max_bs:
            self.graph_buffers = _GraphIndexBuffers(max_bs, self.device)

    def capture(self, bs: int, loc: torch.Tensor) -> None:
        """Record static buffers for a captured batch size."""
        if bs > self.graph_buffers.max_bs:
            raise ValueError(f"bs={bs} exceeds graph buffer capacity {self.graph_buffers.max_bs}")
        self.in_capture = True
        try:
            self.forward_decode(loc[:bs])
        finally:
            self.in_capture = False

    def replay(self, bs: int, loc: torch.Tensor):
        """Refresh static buffers and return the replay read target."""
        pool, indices = self.forward_decode(loc[:bs])
        return pool, indices

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def graph_buffer_bytes(self) -> int:
        buf = self.graph_buffers
        return (buf.kv_indices.numel() + buf.swa_kv_indices.numel()) * buf.kv_indices.element_size()

    def describe(self) -> str:
        return (
            f"{type(self).__name__}(max_bs={self.max_bs}, "
            f"pool={type(self.kv_pool).__name__}, swa={self.swa_kv_pool is not None}, "
            f"graph_bytes={self.graph_buffer_bytes()})"
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            bs = self.graph_buffers.stage(loc, None)
            return self.kv_pool, self.graph_buffers.kv_indices[:bs].clone()
        swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        bs = self.graph_buffers.stage(loc, swa_loc)
        return self.swa_kv_pool, self.graph_buffers.swa_kv_indices[:bs].clone()
