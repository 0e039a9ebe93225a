from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _from_active_pool(runner):
    return runner.token_to_kv_pool


def _from_frozen_kv_target(runner):
    if runner.is_draft_worker and runner.spec_algorithm.is_frozen_kv_mtp():
        return runner.token_to_kv_pool_allocator.get_kvcache()
    return None


_STRATEGIES = (_from_active_pool, _from_frozen_kv_target)


def resolve_swa_kv_pool(runner):
    for strategy in _STRATEGIES:
        candidate = strategy(runner)
        if isinstance(candidate, SWAKVPool):
            return candidate
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
