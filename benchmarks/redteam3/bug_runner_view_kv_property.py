from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _RunnerView:
    def __init__(self, model_runner):
        self._mr = model_runner

    def __getattr__(self, name):
        return getattr(self._mr, name)

    @property
    def kv(self):
        return self._mr.token_to_kv_pool_allocator.get_kvcache()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.runner = _RunnerView(model_runner)
        self.pool = self.runner.token_to_kv_pool

    def forward_decode(self, loc):
        kv = self.runner.kv
        if isinstance(kv, SWAKVPool):
            return kv, kv.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
