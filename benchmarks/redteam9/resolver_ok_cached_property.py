import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    @functools.cached_property
    def _swa_kv_pool(self):
        runner = self.model_runner
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        is_frozen = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
        if runner.is_draft_worker and (is_frozen is None or not is_frozen()):
            return None
        kv = runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        swa = self._swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
