"""Paged decode backend that reuses the shared allocator's full->SWA translation when it owns the pool."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_bs = getattr(model_runner, "max_running_requests", 1)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # The allocator's translation is only valid for the pool it manages. Drafts share the
        # target's allocator but may hold their own pool, so require identity first.
        owns_pool = allocator.get_kvcache() is self.token_to_kv_pool
        self._swa_allocator: Optional[SWATokenToKVPoolAllocator] = (
            allocator if owns_pool and isinstance(allocator, SWATokenToKVPoolAllocator) else None
        )
        if not owns_pool:
            logger.info(
                "backend pool %s is not managed by %s; SWA translation disabled",
                type(self.token_to_kv_pool).__name__,
                type(allocator).__name__,
            )
        self.page_table_buf = torch.zeros(self.max_bs, 1, dtype=torch.int64)
        self.forward_metadata = None

    def init_forward_metadata(self, loc, mode="decode"):
        bs = loc.numel()
        table = self.page_table_buf[:bs]
        table[:, 0] = loc
        swa = None
        if self._swa_allocator is not None:
            swa = self._swa_allocator.translate_loc_from_full_to_swa(table[:, 0])
        self.forward_metadata = {"page_table": table, "swa": swa, "mode": mode}

    def forward(self, loc, mode="decode", is_swa_layer=True):
        self.init_forward_metadata(loc, mode)
        md = self.forward_metadata
        if is_swa_layer and md["swa"] is not None:
            return self.token_to_kv_pool, md["swa"]
        return self.token_to_kv_pool, md["page_table"][:, 0].clone()

    def forward_decode(self, loc):
        return self.forward(loc)
