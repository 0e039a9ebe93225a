from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    """The allocator is fixed at startup, so its kvcache is treated as the source of truth."""

    def __init__(self, model_runner):
        self._runner = model_runner

    @property
    def kv_pool(self):
        return self._runner.token_to_kv_pool_allocator.get_kvcache()

    @property
    def is_swa(self):
        return isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        pool = self.kv_pool
        if self.is_swa:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
