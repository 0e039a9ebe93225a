import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _SwaSource:
    def __init__(self, runner):
        self.runner = runner

    @functools.cached_property
    def plain_draft(self) -> bool:
        r = self.runner
        return bool(r.is_draft_worker) and not r.spec_algorithm.is_frozen_kv_mtp()

    @functools.cached_property
    def pool(self):
        own = self.runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        if self.plain_draft:
            return None
        kv = self.runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = _SwaSource(model_runner).pool

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
