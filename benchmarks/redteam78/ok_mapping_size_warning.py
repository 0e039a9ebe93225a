"""Hybrid SWA decode backend with a mapping consistency check.

The allocator owns the full->SWA index table and registers it on the target pool. When the
pool this backend reads is the hybrid one, the backend compares the two tables' sizes once
and logs a warning if they disagree (a resize that forgot to re-register). Lookups always go
through the pool's own table.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        if self.swa_pool is not None:
            self._check_mapping_sizes()

    def _check_mapping_sizes(self) -> None:
        allocator = self.token_to_kv_pool_allocator
        if not isinstance(allocator, SWATokenToKVPoolAllocator):
            return
        pool_map = self.swa_pool.full_to_swa_index_mapping
        alloc_map = allocator.full_to_swa_index_mapping
        if pool_map is None or pool_map.numel() != alloc_map.numel():
            logger.warning(
                "full->swa mapping size mismatch: pool=%s allocator=%d",
                None if pool_map is None else pool_map.numel(),
                alloc_map.numel(),
            )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.full_to_swa_index_mapping[loc]
