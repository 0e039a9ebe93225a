"""Hybrid attention backend with allocator-aware eviction hints.

When the radix cache asks how much it should evict before a decode batch, the
answer depends on whether the allocator keeps a separate sliding-window free
list. The backend reports that policy; the KV reads themselves follow the
pool owned by this model runner.
"""

import enum
import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class EvictionPolicy(enum.Enum):
    FULL_ONLY = "full_only"
    SWA_FIRST = "swa_first"


class GeneratedAttnBackend:
    def __init__(self, model_runner, swa_eviction_slack: int = 64):
        allocator = model_runner.token_to_kv_pool_allocator
        self.allocator = allocator
        self.swa_eviction_slack = swa_eviction_slack
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self.eviction_policy = EvictionPolicy.SWA_FIRST
        else:
            self.eviction_policy = EvictionPolicy.FULL_ONLY

        kv_pool = model_runner.token_to_kv_pool
        self.kv_pool = kv_pool
        self.swa_kv_pool = kv_pool if self.eviction_policy is EvictionPolicy.SWA_FIRST else None
        logger.debug(
            "attn backend: eviction=%s swa_pool=%s",
            self.eviction_policy.value,
            self.swa_kv_pool is not None,
        )

    def eviction_hint(self, num_new_tokens: int) -> dict:
        if self.eviction_policy is EvictionPolicy.SWA_FIRST:
            short = num_new_tokens + self.swa_eviction_slack - self.allocator.swa_available_size()
            return {"swa_num_tokens": max(0, short), "num_tokens": 0}
        short = num_new_tokens - self.allocator.available_size()
        return {"swa_num_tokens": 0, "num_tokens": max(0, short)}

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
