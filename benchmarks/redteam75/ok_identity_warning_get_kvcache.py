"""Attention backend that flags runners sharing another runner's allocator.

Speculative workers share the scheduler's allocator; the warning below is a
one-time breadcrumb for people debugging memory accounting on such setups.
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
        if allocator_pool is not self.token_to_kv_pool and not GeneratedAttnBackend._warned:
            GeneratedAttnBackend._warned = True
            logger.warning(
                "KV allocator belongs to a different pool (%s) than this runner's (%s); "
                "available_size() reflects the shared allocator. draft=%s",
                type(allocator_pool).__name__,
                type(self.token_to_kv_pool).__name__,
                self.is_draft,
            )

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
