import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _gather_swa_indices(token_to_kv_pool, kv_indices, *, out=None):
    swa = token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)
    if out is None:
        return swa
    out[: swa.numel()] = swa
    return out[: swa.numel()]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        pool = model_runner.token_to_kv_pool
        self.gather_swa = None
        if isinstance(pool, SWAKVPool):
            self.gather_swa = functools.partial(_gather_swa_indices, pool)

    def forward_decode(self, loc):
        if self.gather_swa is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.gather_swa(loc, out=loc.clone())
