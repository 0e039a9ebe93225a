"""CUDA-graph friendly decode backend for sliding-window attention.

All index buffers are allocated once at init for the maximum captured batch
size and refilled in place each step, so the captured graphs keep pointing at
the same storage.
"""

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeGraphBuffers:
    out_cache_loc: torch.Tensor
    swa_out_cache_loc: torch.Tensor
    seq_lens: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_graph_bs: int = 32):
        self.device = model_runner.device
        self.max_graph_bs = max_graph_bs
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Reuse the allocator's full->swa table directly; it is kept in sync on alloc/free.
        self.full_to_swa = getattr(allocator, "full_to_swa_index_mapping", None)
        self.buffers = DecodeGraphBuffers(
            out_cache_loc=torch.zeros(max_graph_bs, dtype=torch.int64, device=self.device),
            swa_out_cache_loc=torch.zeros(max_graph_bs, dtype=torch.int64, device=self.device),
            seq_lens=torch.ones(max_graph_bs, dtype=torch.int32, device=self.device),
        )
        logger.info(
            "decode graph buffers ready (max_bs=%d, windowed=%s)",
            max_graph_bs,
            self.full_to_swa is not None,
        )

    def _refill(self, loc: torch.Tensor) -> int:
        bs = loc.numel()
        assert bs <= self.max_graph_bs, f"batch {bs} exceeds captured size"
        self.buffers.out_cache_loc[:bs].copy_(loc)
        if self.full_to_swa is not None:
            self.buffers.swa_out_cache_loc[:bs].copy_(self.full_to_swa[loc])
        return bs

    def forward_decode(self, loc: torch.Tensor):
        bs = self._refill(loc)
        if self.full_to_swa is None:
            return self.kv_pool, self.buffers.out_cache_loc[:bs].clone()
        return self.kv_pool, self.buffers.swa_out_cache_loc[:bs].clone()
