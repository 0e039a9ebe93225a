"""Attention backend that reconciles its pool with the allocator's.

Speculative workers share the scheduler's allocator. When the pool handed to
the runner and the allocator's pool differ, the backend logs it once and
keeps the two in step for the rest of the run.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    _warned = False

    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.is_draft = model_runner.is_draft_worker
        self._check_pool_ownership()

    def _check_pool_ownership(self) -> None:
        allocator_pool = self.allocator.get_kvcache()
        if allocator_pool is not self.token_to_kv_pool:
            if not GeneratedAttnBackend._warned:
                GeneratedAttnBackend._warned = True
                logger.warning(
                    "KV allocator belongs to a different pool (%s) than this runner's (%s); "
                    "draft=%s",
                    type(allocator_pool).__name__,
                    type(self.token_to_kv_pool).__name__,
                    self.is_draft,
                )
            self.token_to_kv_pool = allocator_pool

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
