"""Backend that caches its pool-based SWA decision in a class-level dict keyed by the model runner."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    _swa_by_runner: dict = {}

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        key = id(model_runner)
        if key not in self._swa_by_runner:
            self._swa_by_runner[key] = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
        self.use_swa = self._swa_by_runner[key]

    def forward_decode(self, loc):
        if self.use_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
