"""Decode-only attention backend for hybrid sliding-window models.

SWA layout information is derived lazily and cached on the backend instance so
that CUDA-graph capture and replay see the same translation source.
"""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_indices: torch.Tensor
    swa_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_bs = model_runner.req_to_token_pool.size
        self.forward_metadata: Optional[DecodeMetadata] = None
        self.cuda_graph_kv_indices = torch.zeros(self.max_bs, dtype=torch.int64, device=self.device)
        if self.swa_pool is not None:
            self.cuda_graph_swa_kv_indices = torch.zeros_like(self.cuda_graph_kv_indices)
            logger.info("SWA translation enabled (size_swa=%d)", self.swa_pool.size_swa)

    @functools.cached_property
    def kv_pool(self):
        return self.model_runner.token_to_kv_pool

    @functools.cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        kvcache = self.model_runner.token_to_kv_pool
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        swa_kv_indices = None
        if self.swa_pool is not None:
            swa_kv_indices = self.swa_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = DecodeMetadata(kv_indices=loc, swa_kv_indices=swa_kv_indices)
        return self.forward_metadata

    def forward_decode(self, loc: torch.Tensor):
        metadata = self.init_forward_metadata(loc)
        if metadata.swa_kv_indices is not None:
            return self.kv_pool, metadata.swa_kv_indices
        return self.kv_pool, metadata.kv_indices
