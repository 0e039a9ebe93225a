"""Decode backend probing its pool for a SWA half; the allocator only feeds usage metrics."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_indices: Optional[torch.Tensor] = None
    stats: Dict[str, int] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_half = getattr(self.token_to_kv_pool, "swa_kv_pool", None)
        self.forward_metadata = DecodeMetadata()

    def _usage(self) -> Dict[str, int]:
        stats = {"full_free": self.allocator.available_size()}
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            stats["swa_free"] = self.allocator.swa_available_size()
        return stats

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = DecodeMetadata(
            kv_indices=forward_batch.out_cache_loc, stats=self._usage()
        )

    def forward_decode(self, loc):
        if self.swa_half is not None:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
