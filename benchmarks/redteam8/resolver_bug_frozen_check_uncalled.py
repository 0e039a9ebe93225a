from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _is_frozen_kv_mtp(model_runner) -> bool:
    spec = getattr(model_runner, "spec_algorithm", None)
    # older sglang has no FROZEN_KV MTP at all
    return bool(getattr(spec, "is_frozen_kv_mtp", False))


def resolve_swa_pool(model_runner):
    if not model_runner.is_draft_worker or _is_frozen_kv_mtp(model_runner):
        pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
    else:
        pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.default_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.default_pool, loc
