"""Resolves the sliding-window KV pool, consulting allocator capacity only for the
shared-KV fallback."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    allocator = model_runner.token_to_kv_pool_allocator
    window_tokens = int(getattr(allocator, "size_swa", 0) or 0)
    if window_tokens <= 0:
        return None
    shared = allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_logging: bool = True):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.window_tokens = self.swa_pool.size_swa if self.swa_pool is not None else 0
        if enable_logging:
            logger.info("sliding window tokens: %d", self.window_tokens)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
