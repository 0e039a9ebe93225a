from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    @property
    def token_to_kv_pool_allocator(self):
        return self.model_runner.token_to_kv_pool_allocator

    @property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        kvcache = self.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        swa_kv_pool = self.swa_kv_pool
        if swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return swa_kv_pool, swa_kv_pool.translate_loc_from_full_to_swa(loc)
