"""Backend unpacking pool and allocator together; the pool picks the SWA path, the allocator only the page size."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        kv_pool, kv_allocator = (
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
        )
        self.page_size, self.device = kv_allocator.page_size, kv_allocator.device
        self.kv_pool, self.swa_kv_pool = kv_pool, (
            kv_pool if isinstance(kv_pool, SWAKVPool) else None
        )

    def forward_decode(self, loc):
        swa_pool = self.swa_kv_pool
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
