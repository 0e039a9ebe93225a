from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(pool, allocator, *, is_draft_worker: bool):
    if isinstance(pool, SWAKVPool):
        return pool
    if is_draft_worker:
        return None
    kvcache = allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
            is_draft_worker=getattr(model_runner, "is_draft_worker", False),
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
