import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@functools.lru_cache(maxsize=None)
def _is_windowed(kind):
    return issubclass(kind, SWAKVPool)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.use_swa = _is_windowed(type(self.pool))

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
