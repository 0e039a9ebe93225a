from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_HYBRID_BY_POOL: dict = {}


def _is_hybrid(pool) -> bool:
    return _HYBRID_BY_POOL.setdefault(id(pool), isinstance(pool, SWAKVPool))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        if _is_hybrid(self.pool):
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
