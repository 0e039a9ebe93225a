import functools
import operator

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _window_pool(get_kvcache):
    kv = get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        getter = operator.attrgetter("token_to_kv_pool_allocator.get_kvcache")
        self._lookup = functools.partial(_window_pool, getter(model_runner))
        self.swa = self._lookup()

    def forward_decode(self, loc):
        if self.swa is None:
            return self.pool, loc
        return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
