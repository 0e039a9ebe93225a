"""Decode backend that logs how the runner's KV cache relates to the allocator.

Speculative workers may share an allocator with the target while keeping a
separate cache. The backend logs which case applies (useful when debugging
memory accounting) and always reads from the pool held by its runner.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = False):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.shares_allocator_cache = allocator.get_kvcache() is self.kv_pool
        self.use_sliding_window = isinstance(self.kv_pool, SWAKVPool)
        if verbose or not self.shares_allocator_cache:
            logger.info(
                "kv layout: own_pool=%s allocator_cache=%s shared=%s sliding_window=%s",
                type(self.kv_pool).__name__,
                type(allocator.get_kvcache()).__name__,
                self.shares_allocator_cache,
                self.use_sliding_window,
            )

    def describe(self) -> str:
        kind = "hybrid-swa" if self.use_sliding_window else "full"
        owner = "shared" if self.shares_allocator_cache else "private"
        return f"{kind}/{owner}"

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
