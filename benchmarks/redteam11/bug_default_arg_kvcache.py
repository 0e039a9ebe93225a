"""Backend whose pool lookup is a nested helper with a bound default."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        kv_source = model_runner.token_to_kv_pool_allocator

        def current_pool(src=kv_source, fallback=model_runner.token_to_kv_pool):
            try:
                return src.get_kvcache()
            except AttributeError:
                return fallback

        self._current_pool = current_pool

    def forward_decode(self, loc):
        pool = self._current_pool()
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
