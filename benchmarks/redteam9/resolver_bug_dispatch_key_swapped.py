from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _none(runner):
    return None


def _from_allocator(runner):
    kv = runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


# keyed by (is_draft_worker, is_frozen_kv_mtp)
_FALLBACK = {
    (False, False): _from_allocator,
    (False, True): _from_allocator,
    (True, False): _none,
    (True, True): _from_allocator,
}


def resolve(runner):
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        return runner.token_to_kv_pool
    frozen = bool(runner.spec_algorithm.is_frozen_kv_mtp())
    key = (frozen, bool(runner.is_draft_worker))
    return _FALLBACK[key](runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
