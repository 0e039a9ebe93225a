from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_window_pool(runner):
    for pool in (runner.token_to_kv_pool, runner.token_to_kv_pool_allocator.get_kvcache()):
        if isinstance(pool, SWAKVPool):
            return pool
        if runner.is_draft_worker and runner.spec_algorithm.is_frozen_kv_mtp():
            break
    else:
        return None
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_window_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
