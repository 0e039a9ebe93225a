import weakref

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _unwrap(obj):
    getter = getattr(obj, "get_kvcache", None)
    return getter() if getter is not None else obj


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.default_pool = model_runner.token_to_kv_pool
        refs = [
            weakref.ref(model_runner.token_to_kv_pool),
            weakref.ref(model_runner.token_to_kv_pool_allocator),
        ]
        self.swa_pool = None
        for ref in refs:
            cand = _unwrap(ref())
            if isinstance(cand, SWAKVPool):
                self.swa_pool = cand
                break

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.default_pool, loc
