from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(model_runner):
    pool = model_runner.token_to_kv_pool
    match (isinstance(pool, SWAKVPool), model_runner.is_draft_worker):
        case (True, _):
            return pool
        case (False, True) if model_runner.spec_algorithm.is_frozen_kv_mtp():
            target = model_runner.token_to_kv_pool_allocator.get_kvcache()
            return target if isinstance(target, SWAKVPool) else None
        case _:
            return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
