"""Resolver that walks candidate pools lazily; the shared one only where the draft may use it."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _frozen_kv(spec):
    return bool(getattr(spec, "is_frozen_kv_mtp", lambda: False)())


def _candidate_pools(model_runner):
    yield model_runner.token_to_kv_pool
    if not model_runner.is_draft_worker or _frozen_kv(model_runner.spec_algorithm):
        yield from (model_runner.token_to_kv_pool_allocator.get_kvcache(),)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        return next((p for p in _candidate_pools(model_runner) if isinstance(p, SWAKVPool)), None)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
