"""MPS attention backend: SWA gated on the runner's pool, translation via the allocator."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class MPSDecodeMetadata:
    loc: Optional[torch.Tensor] = None
    swa_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_enabled = isinstance(self.kv_pool, SWAKVPool)
        self.metadata = MPSDecodeMetadata()

    def _to_swa(self, loc: torch.Tensor) -> torch.Tensor:
        # The allocator owns the full->SWA mapping and keeps it in sync with
        # alloc/free; it is the same table registered on the pool.
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, forward_batch):
        loc = forward_batch.out_cache_loc
        self.metadata = MPSDecodeMetadata(
            loc=loc, swa_loc=self._to_swa(loc) if self.swa_enabled else None
        )

    def forward_decode(self, loc):
        if not self.swa_enabled:
            return self.kv_pool, loc
        return self.kv_pool, self._to_swa(loc)
