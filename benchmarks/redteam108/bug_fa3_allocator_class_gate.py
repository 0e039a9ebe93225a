"""FlashAttention-3 backend, hybrid SWA variant.

Our fork builds the SWA page table once per step in ``init_forward_metadata``.
The SWA pool is picked up from the token allocator so the backend works with
the allocator-owned hybrid cache that the scheduler resizes at runtime.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class FA3DecodeMetadata:
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None
    extras: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    """Decode-only slice of the FA3 backend."""

    def __init__(self, model_runner, topk: int = 0):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.topk = topk or (getattr(model_runner.server_args, "speculative_eagle_topk", None) or 0)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_allocator = model_runner.token_to_kv_pool_allocator

        self.use_sliding_window_kv_pool = isinstance(self.kv_allocator, SWATokenToKVPoolAllocator)
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.kv_allocator.get_kvcache() if self.use_sliding_window_kv_pool else None
        )
        self.forward_metadata: Optional[FA3DecodeMetadata] = None
        logger.debug(
            "FA3 init: page_size=%d topk=%d swa=%s",
            self.page_size,
            self.topk,
            self.use_sliding_window_kv_pool,
        )

    def _build_swa_page_table(self, page_table: torch.Tensor) -> torch.Tensor:
        swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(page_table)
        return swa_loc if self.page_size == 1 else swa_loc // self.page_size

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        metadata = FA3DecodeMetadata(page_table=loc)
        if self.use_sliding_window_kv_pool:
            metadata.swa_page_table = self._build_swa_page_table(loc)
        self.forward_metadata = metadata

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self.swa_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
