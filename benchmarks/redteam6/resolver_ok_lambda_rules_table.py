from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_RULES = (
    (lambda r: isinstance(r.token_to_kv_pool, SWAKVPool), lambda r: r.token_to_kv_pool),
    (
        lambda r: r.is_draft_worker and r.spec_algorithm.is_frozen_kv_mtp(),
        lambda r: r.token_to_kv_pool_allocator.get_kvcache(),
    ),
)


def resolve_swa_kv_pool(model_runner):
    for applies, fetch in _RULES:
        if applies(model_runner):
            pool = fetch(model_runner)
            return pool if isinstance(pool, SWAKVPool) else None
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
