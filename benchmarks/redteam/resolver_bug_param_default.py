from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(pool, allocator, is_draft=False, frozen_kv=False):
    if isinstance(pool, SWAKVPool):
        return pool
    if is_draft and not frozen_kv:
        return None
    kv = allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        # the draft flags were never threaded through
        self._swa_pool = resolve_swa_pool(self.pool, model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
