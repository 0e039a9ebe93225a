"""Takes the allocator's registered kvcache as the windowed pool whenever it is an SWAKVPool, and translates through it."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._swa_pool = None
        registered = self._allocator.get_kvcache()
        if isinstance(registered, SWAKVPool):
            # The allocator owns the mapping, so read the pool it was registered with.
            self._swa_pool = registered

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
