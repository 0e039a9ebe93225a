"""Triton decode backend: CUDA-graph buffers for the SWA write-target locations.

The window layers store K/V in the sliding-window sub-pool, so the captured graph
binds a ``cuda_graph_swa_out_cache_loc`` buffer that replay refills with the
batch's translated locations.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class ForwardMetadata:
    __slots__ = ("attn_logits", "kv_indices", "swa_out_cache_loc")

    def __init__(self, attn_logits=None, kv_indices=None, swa_out_cache_loc=None):
        self.attn_logits = attn_logits
        self.kv_indices = kv_indices
        self.swa_out_cache_loc = swa_out_cache_loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_kv_splits: int = 8, cuda_graph_max_bs: int = 256):
        super().__init__()
        self.device = model_runner.device
        self.max_kv_splits = max_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.cuda_graph_swa_out_cache_loc = torch.zeros(
            cuda_graph_max_bs, dtype=torch.int64, device=self.device
        )
        self.forward_metadata: Optional[ForwardMetadata] = None
        logger.info(
            "Triton backend initialized (kv_splits=%d, allocator free=%d)",
            max_kv_splits,
            model_runner.token_to_kv_pool_allocator.available_size(),
        )

    def _fill_cuda_graph_swa_out_cache_loc(
        self, out_cache_loc: torch.Tensor
    ) -> Optional[torch.Tensor]:
        """Refill the SWA write-target buffer, returning the [:n] view (None for non-SWA)."""
        if not self.use_sliding_window_kv_pool:
            return None
        pool: BaseSWAKVPool = self.token_to_kv_pool
        n = out_cache_loc.shape[0]
        if n > self.cuda_graph_swa_out_cache_loc.shape[0]:
            raise RuntimeError(f"batch of {n} exceeds captured SWA write-location buffer")
        self.cuda_graph_swa_out_cache_loc[n:].zero_()
        self.cuda_graph_swa_out_cache_loc[:n].copy_(
            pool.translate_loc_from_full_to_swa(out_cache_loc)
        )
        return self.cuda_graph_swa_out_cache_loc[:n]

    def init_forward_metadata_replay_cuda_graph(self, out_cache_loc: torch.Tensor) -> None:
        self.forward_metadata = ForwardMetadata(
            kv_indices=out_cache_loc,
            swa_out_cache_loc=self._fill_cuda_graph_swa_out_cache_loc(out_cache_loc),
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata_replay_cuda_graph(loc)
        md = self.forward_metadata
        if md.swa_out_cache_loc is not None:
            return self.token_to_kv_pool, md.swa_out_cache_loc.clone()
        return self.token_to_kv_pool, md.kv_indices
