"""Resolves the SWA pool; contextlib.suppress guards only the FROZEN_KV probe, and the draft decision is taken after the block with a safe default."""

import contextlib

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.hybrid_allocator = isinstance(
            model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        self.sliding_pool = self._sliding_pool(model_runner)

    @staticmethod
    def _sliding_pool(model_runner):
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        frozen_kv = False
        with contextlib.suppress(AttributeError):
            frozen_kv = model_runner.spec_algorithm.is_frozen_kv_mtp()
        if model_runner.is_draft_worker and not frozen_kv:
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.sliding_pool is not None:
            return self.sliding_pool, self.sliding_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
