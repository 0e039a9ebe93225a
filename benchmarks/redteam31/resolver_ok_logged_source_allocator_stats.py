"""Decode backend that logs the allocator's state and which source its SWA pool came from."""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _allocator_summary(allocator) -> str:
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        return f"{type(allocator).__name__}[{allocator.debug_print().strip(', ')}]"
    return f"{type(allocator).__name__}[available={allocator.available_size()}]"


def _resolve_swa_pool(model_runner) -> Tuple[Optional[SWAKVPool], str]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool, "own pool"
    if model_runner.is_draft_worker:
        if not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None, "draft keeps its own full KV"
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache, "allocator kvcache"
    return None, "no SWA pool"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool, source = _resolve_swa_pool(model_runner)
        logger.info(
            "attention backend on %s (draft=%s): SWA pool from %s",
            _allocator_summary(allocator),
            model_runner.is_draft_worker,
            source,
        )
        self.swa_translated_loc: Optional[torch.Tensor] = None

    def init_forward_metadata(self, forward_batch):
        if self.swa_pool is not None:
            self.swa_translated_loc = self.swa_pool.translate_loc_from_full_to_swa(
                forward_batch.out_cache_loc
            )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
