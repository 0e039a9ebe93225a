"""On an SWA pool, checks that the pool's registered full->SWA map is the allocator's tensor before translating through the pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVMappingMismatch(RuntimeError):
    pass


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._swa_pool = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self._check_mapping_registered()
            self._swa_pool = self.token_to_kv_pool

    def _check_mapping_registered(self):
        # register_mapping() must have run, or every window read goes to slot 0.
        alloc_map = getattr(self._allocator, "full_to_swa_index_mapping", None)
        if (
            alloc_map is not None
            and self.token_to_kv_pool.full_to_swa_index_mapping is not alloc_map
        ):
            raise KVMappingMismatch("SWA pool was not registered with this allocator's mapping")

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
