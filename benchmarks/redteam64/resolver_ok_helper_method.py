"""Decode backend for hybrid SWA models, including speculative draft workers.

The sliding-window pool is resolved once at init. Frozen-KV MTP drafts read the
target's cache through the shared allocator; other draft workers own a full-only
pool and never take the windowed path.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

        self.swa_kv_pool = self._resolve_swa_pool()
        self.active_pool: KVCache = self.swa_kv_pool or self.token_to_kv_pool
        logger.debug(
            "resolved swa pool=%s (allocator=%s, available=%d)",
            type(self.swa_kv_pool).__name__,
            type(self.token_to_kv_pool_allocator).__name__,
            self.token_to_kv_pool_allocator.available_size(),
        )

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        runner = self.model_runner
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = self.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
        return None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.active_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
