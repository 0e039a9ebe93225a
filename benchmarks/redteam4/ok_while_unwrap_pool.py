from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _find_swa(pool):
    obj, hops = pool, 0
    while obj is not None and hops < 4:
        if isinstance(obj, SWAKVPool):
            return obj
        obj = getattr(obj, "inner", None)
        hops += 1
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa = _find_swa(self.pool)

    def forward_decode(self, loc):
        if self.swa is None:
            return self.pool, loc
        return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
