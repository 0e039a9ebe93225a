from typing import Optional

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._swa_kv_pool: Optional[SWAKVPool] = None
        if not model_runner.is_draft_worker and isinstance(allocator, SWATokenToKVPoolAllocator):
            # the target worker's allocator was built over its own pool
            self._swa_kv_pool = allocator.get_kvcache()

    def forward_decode(self, loc):
        if self._swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
