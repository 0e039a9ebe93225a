"""Triton-style decode backend for hybrid sliding-window models. The req_to_token
table width and the SWA page table are sized once at init."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Return the SWAKVPool this runner translates against, or None."""
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if getattr(model_runner, "is_draft_worker", False):
        if not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    """Decode with an optional full->SWA page-table translation."""

    def __init__(self, model_runner, max_bs: int = 64):
        allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        # One row per request slot; a row can never be longer than the allocator.
        self.max_context_len = min(int(allocator.size), 32768)
        self.req_to_token_width = self.max_context_len
        self.swa_page_table = (
            torch.zeros((max_bs, self.req_to_token_width), dtype=torch.int32)
            if self.swa_kv_pool is not None
            else None
        )
        logger.debug("req_to_token width=%d", self.req_to_token_width)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
