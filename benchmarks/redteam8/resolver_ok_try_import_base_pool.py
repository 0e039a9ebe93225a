try:
    from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool as _SWAPoolBase
except ImportError:
    from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool as _SWAPoolBase


def resolve(model_runner):
    if not model_runner.is_draft_worker:
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    else:
        spec = getattr(model_runner, "spec_algorithm", None)
        is_frozen = getattr(spec, "is_frozen_kv_mtp", lambda: False)
        if is_frozen():
            cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            cache = model_runner.token_to_kv_pool
    return cache if isinstance(cache, _SWAPoolBase) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.default_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.default_pool, loc
