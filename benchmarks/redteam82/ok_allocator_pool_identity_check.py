"""Decode backend: detect whether this runner owns the allocator's KV cache.

Runners that share an allocator without sharing its cache (e.g. speculative drafts)
are reported in the startup log; attention always reads the runner's own pool.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, head_dim: int = 128):
        self.head_dim = head_dim
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.owns_allocator_cache = allocator.get_kvcache() is self.kv_pool
        if not self.owns_allocator_cache:
            logger.info(
                "runner pool %s differs from allocator cache; using runner pool",
                type(self.kv_pool).__name__,
            )
        self.use_swa = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        if not self.use_swa:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
