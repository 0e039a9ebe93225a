"""Resolver as a policy table keyed by (is_draft, frozen_kv), looked up with dict.get."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _shared(runner):
    cache = runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


_POLICY = {
    (True, False): lambda runner: None,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        spec = model_runner.spec_algorithm
        key = (
            bool(model_runner.is_draft_worker),
            bool(getattr(spec, "is_frozen_kv_mtp", lambda: False)()),
        )
        return _POLICY.get(key, _shared)(model_runner)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
