"""Decode backend that trusts the allocator's cache only when it is this runner's own pool."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        kvcache = self.allocator.get_kvcache()
        # A draft worker shares the target's allocator but owns a separate
        # pool; the allocator's view is only meaningful when they coincide.
        self.owns_allocator_cache = kvcache is self.kv_pool
        self.swa_pool: Optional[SWAKVPool] = None
        if self.owns_allocator_cache and isinstance(kvcache, SWAKVPool):
            self.swa_pool = kvcache
        elif not self.owns_allocator_cache:
            logger.debug(
                "allocator cache %s is not this runner's pool %s",
                type(kvcache).__name__,
                type(self.kv_pool).__name__,
            )

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        # Same mapping as the pool's when the allocator owns this pool.
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.out_cache_loc = out_cache_loc
        self.swa_out_cache_loc = (
            self._translate(out_cache_loc) if self.swa_pool is not None else None
        )

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self._translate(loc)
        return self.kv_pool, loc
