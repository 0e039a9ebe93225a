"""Backend that stores its resolved SWA pool under an allocator-named attribute and translates through that pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator_swa_pool = self._allocator_swa_pool(model_runner)

    @staticmethod
    def _allocator_swa_pool(mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if mr.is_draft_worker is False:
            kv = mr.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kv, SWAKVPool):
                return kv
        return None

    def forward_decode(self, loc):
        if self.allocator_swa_pool is not None:
            return (
                self.allocator_swa_pool,
                self.allocator_swa_pool.translate_loc_from_full_to_swa(loc),
            )
        return self.pool, loc
