"""Decode backend with a separate forward-metadata builder.

The builder owns index preparation (page tables, window-local indices) so the backend's
``forward_decode`` stays a thin dispatch, mirroring the FlashAttention backend layout.
The allocator is consulted only for the debug summary.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_indices: torch.Tensor
    window_local: bool = False


class DecodeMetadataBuilder:
    def __init__(self, pool: KVCache, allocator, page_size: int = 1):
        self._swa_pool = pool if isinstance(pool, SWAKVPool) else None
        self.page_size = page_size
        logger.debug("builder attached, allocator=%s", type(allocator).__name__)

    def build(self, loc: torch.Tensor) -> DecodeMetadata:
        if self._swa_pool is None:
            return DecodeMetadata(kv_indices=loc)
        local = self._swa_pool.translate_loc_from_full_to_swa(loc)
        return DecodeMetadata(kv_indices=local, window_local=True)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.pool = model_runner.token_to_kv_pool
        self.builder = DecodeMetadataBuilder(
            self.pool, model_runner.token_to_kv_pool_allocator, page_size=model_runner.page_size
        )
        self.forward_metadata: Optional[DecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.forward_metadata = self.builder.build(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self.init_forward_metadata(loc)
        return self.pool, self.forward_metadata.kv_indices
