"""Triton decode backend for hybrid sliding-window models.

Decode reads go to the sliding-window sub-pool for SWA layers. Location
translation is done once per step against the KV pool this runner reads.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TritonSWADecodeMetadata:
    kv_pool: KVCache
    kv_indices: torch.Tensor
    translated: bool = False


class GeneratedAttnBackend:
    """Decode-only triton backend with sliding-window KV support."""

    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.num_kv_splits = num_kv_splits
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self.forward_metadata: Optional[TritonSWADecodeMetadata] = None
        logger.debug(
            "TritonSWA backend: swa=%s, page_size=%d, kv_splits=%d",
            self.swa_kv_pool is not None,
            self.page_size,
            self.num_kv_splits,
        )

    def init_forward_metadata(self, loc: torch.Tensor) -> TritonSWADecodeMetadata:
        if self.swa_kv_pool is not None:
            indices = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
            meta = TritonSWADecodeMetadata(self.swa_kv_pool, indices, translated=True)
        else:
            meta = TritonSWADecodeMetadata(self.token_to_kv_pool, loc)
        self.forward_metadata = meta
        return meta

    def init_cuda_graph_state(self, max_bs: int) -> None:
        self.cuda_graph_kv_indices = torch.zeros(max_bs, dtype=torch.int64, device=self.device)
        self.cuda_graph_max_bs = max_bs

    def init_forward_metadata_replay_cuda_graph(self, bs: int, loc: torch.Tensor) -> None:
        meta = self.init_forward_metadata(loc[:bs])
        self.cuda_graph_kv_indices[:bs].copy_(meta.kv_indices)

    def get_kv_buffer(self, layer_id: int):
        meta = self.forward_metadata
        if meta is None:
            raise RuntimeError("forward metadata not initialized")
        return meta.kv_pool.get_kv_buffer(layer_id)

    def forward_extend(self, loc: torch.Tensor):
        # Prefill writes/reads go through the same sub-pool selection.
        meta = self.init_forward_metadata(loc)
        return meta.kv_pool, meta.kv_indices

    def forward_decode(self, loc: torch.Tensor):
        meta = self.init_forward_metadata(loc)
        return meta.kv_pool, meta.kv_indices
