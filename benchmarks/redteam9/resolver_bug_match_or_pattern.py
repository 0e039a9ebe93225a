from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa(runner):
    pool = runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    frozen = runner.spec_algorithm.is_frozen_kv_mtp()
    match (bool(runner.is_draft_worker), frozen):
        case (False, _) | (_, False):
            kv = runner.token_to_kv_pool_allocator.get_kvcache()
            return kv if isinstance(kv, SWAKVPool) else None
        case (True, True):
            return runner.token_to_kv_pool_allocator.get_kvcache()
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa = resolve_swa(model_runner)

    def forward_decode(self, loc):
        if self.swa is not None:
            return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
