import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@functools.singledispatch
def _translator_for(pool):
    return lambda loc: loc


@_translator_for.register(SWAKVPool)
def _(pool):
    return pool.translate_loc_from_full_to_swa


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._translate = _translator_for(self.pool)

    def forward_decode(self, loc):
        return self.pool, self._translate(loc)
