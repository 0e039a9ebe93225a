"""Decode backend that cross-checks the runner's pool against the allocator.

If the allocator and the runner disagree about the KV cache object we log a
warning and treat the allocator's cache as authoritative, since it is the
one the scheduler allocates indices into.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = False):
        self.strict = strict
        allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool

        kvcache = allocator.get_kvcache()
        if kvcache is not pool:
            if self.strict:
                raise RuntimeError("token_to_kv_pool does not match allocator.get_kvcache()")
            logger.warning(
                "KV pool mismatch: runner has %s, allocator has %s; using allocator's cache",
                type(pool).__name__,
                type(kvcache).__name__,
            )
            pool = kvcache

        self.pool = pool
        self.swa_pool = pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
