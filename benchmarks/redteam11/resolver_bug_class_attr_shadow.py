"""Resolver run per call as a method; the worker facts are backend attributes."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _SpecAwareBackend:
    is_draft_worker = False
    frozen_kv = False

    def _bind_spec(self, model_runner):
        spec = model_runner.spec_algorithm
        self.frozen_kv = bool(getattr(spec, "is_frozen_kv_mtp", lambda: False)())


class GeneratedAttnBackend(_SpecAwareBackend):
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._bind_spec(model_runner)

    def _resolve_swa_kv_pool(self, model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if self.is_draft_worker and not self.frozen_kv:
            return None
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def forward_decode(self, loc):
        swa_pool = self._resolve_swa_kv_pool(self.model_runner)
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
