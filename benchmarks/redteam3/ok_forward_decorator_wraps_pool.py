import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def swa_translated(fn):
    @functools.wraps(fn)
    def wrapper(self, loc):
        pool = self.model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            loc = pool.translate_loc_from_full_to_swa(loc)
        return fn(self, loc)

    return wrapper


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner

    @swa_translated
    def forward_decode(self, loc):
        return self.model_runner.token_to_kv_pool, loc
