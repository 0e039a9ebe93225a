from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_LOC_FN = {
    SWAKVPool: lambda pool, loc: pool.translate_loc_from_full_to_swa(loc),
    MHATokenToKVPool: lambda pool, loc: loc,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._loc_fn = next(
            (fn for cls, fn in _LOC_FN.items() if isinstance(self.pool, cls)),
            lambda pool, loc: loc,
        )

    def forward_decode(self, loc):
        return self.pool, self._loc_fn(self.pool, loc)
