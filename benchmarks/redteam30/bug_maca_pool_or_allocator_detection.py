"""MetaX MACA attention backend; robust hybrid-SWA detection for ported models."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _detect_hybrid_swa(model_runner) -> bool:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return True
    # Some wrappers hide the SWA pool behind a proxy; the allocator still
    # exposes the split sizes in that case.
    allocator = model_runner.token_to_kv_pool_allocator
    return hasattr(allocator, "size_swa") and hasattr(allocator, "swa_available_size")


@dataclass
class MacaMetadata:
    loc: Optional[torch.Tensor] = None
    swa_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid_swa = _detect_hybrid_swa(model_runner)
        self.metadata = MacaMetadata()

    def _swa_loc(self, loc: torch.Tensor) -> torch.Tensor:
        if isinstance(self.pool, SWAKVPool):
            return self.pool.translate_loc_from_full_to_swa(loc)
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, forward_batch):
        loc = forward_batch.out_cache_loc
        self.metadata = MacaMetadata(
            loc=loc, swa_loc=self._swa_loc(loc) if self.is_hybrid_swa else None
        )

    def forward_decode(self, loc):
        if self.is_hybrid_swa:
            return self.pool, self._swa_loc(loc)
        return self.pool, loc
