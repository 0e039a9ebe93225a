"""Decode backend that records the hybrid allocator's capacity next to a pool-based SWA resolver."""

import logging
from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class KVCapacity:
    full_tokens: int
    swa_tokens: Optional[int]
    hybrid_allocator: bool


def _capacity(allocator) -> KVCapacity:
    hybrid = isinstance(allocator, SWATokenToKVPoolAllocator)
    if hybrid:
        return KVCapacity(allocator.size_full, allocator.size_swa, True)
    return KVCapacity(allocator.size, None, False)


def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    if not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp():
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.capacity = _capacity(model_runner.token_to_kv_pool_allocator)
        if self.capacity.hybrid_allocator and self.capacity.swa_tokens < 64:
            logger.warning("small SWA budget: %d tokens", self.capacity.swa_tokens)
        self.swa_kv_pool = _resolve_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
