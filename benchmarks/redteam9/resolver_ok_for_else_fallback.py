from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _frozen(runner):
    spec = runner.spec_algorithm
    return bool(getattr(spec, "is_frozen_kv_mtp", lambda: False)())


def resolve_window_pool(runner):
    for pool in (runner.token_to_kv_pool,):
        if isinstance(pool, SWAKVPool):
            return pool
    else:
        if runner.is_draft_worker and not _frozen(runner):
            return None
    kv = runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kv, SWAKVPool):
        return kv
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_window_pool(model_runner)

    def forward_decode(self, loc):
        pool = self.swa_pool or self.kv_pool
        if pool is self.swa_pool:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
