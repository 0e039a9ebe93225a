"""Hybrid SWA decode addressing.

The pool-based detection below is disabled for now (it regressed a
multi-node configuration); the allocator-based detection stays live.
"""

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        if False:  # re-enable after the multi-node fix
            self.swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        else:
            self.swa_pool = (
                allocator.get_kvcache()
                if isinstance(allocator, SWATokenToKVPoolAllocator)
                else None
            )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, swa_loc
