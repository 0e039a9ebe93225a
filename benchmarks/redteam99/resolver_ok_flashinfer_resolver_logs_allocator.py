"""FlashInfer SWA pool resolver, backported from sglang 0.5.13, with extra diagnostics.

When a draft worker runs next to an SWA target we now emit a debug line saying
that the draft keeps its own pool even though the shared allocator is hybrid.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool
    allocator = model_runner.token_to_kv_pool_allocator
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            logger.debug(
                "draft worker shares hybrid allocator %s but reads its own %s",
                type(allocator).__name__,
                type(active_pool).__name__,
            )
        return None
    shared = allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.full_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = get_swa_kv_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.full_kv_pool, loc
