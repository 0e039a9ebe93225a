"""Paged decode backend that translates full-pool locations for SWA layers.

The SWA pool is resolved once at construction time from the runner's pool and
allocator and reused by every decode step.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Return the SWA pool whose full->SWA mapping applies to this runner."""
    pool = model_runner.token_to_kv_pool
    allocator = model_runner.token_to_kv_pool_allocator
    match (pool, allocator):
        case (SWAKVPool(), _):
            return pool
        case (_, SWATokenToKVPoolAllocator()):
            return allocator.get_kvcache()
        case _:
            return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        max_bs = model_runner.req_to_token_pool.size
        self.decode_page_table = torch.zeros(max_bs, dtype=torch.int32, device=self.device)
        self.swa_page_table = (
            torch.zeros(max_bs, dtype=torch.int32, device=self.device)
            if self.swa_kv_pool is not None
            else None
        )
        logger.debug("decode backend: swa=%s", self.swa_kv_pool is not None)

    def _page_indices(self, loc: torch.Tensor) -> torch.Tensor:
        return loc // self.page_size

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        n = swa_loc.numel()
        self.swa_page_table[:n].copy_(self._page_indices(swa_loc).to(torch.int32))
        return self.swa_kv_pool, swa_loc
