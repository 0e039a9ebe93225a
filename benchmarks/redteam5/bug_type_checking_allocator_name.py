from __future__ import annotations

import typing
from typing import Optional

if typing.TYPE_CHECKING:
    from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
    from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_SWA_ALLOCATOR_NAME = "SWATokenToKVPoolAllocator"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_allocator: Optional[SWATokenToKVPoolAllocator] = None
        if type(allocator).__name__ == _SWA_ALLOCATOR_NAME:
            self.swa_allocator = allocator

    def forward_decode(self, loc):
        pool: SWAKVPool = self.token_to_kv_pool
        if self.swa_allocator is not None:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
