from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _RunnerView:
    def __init__(self, runner):
        self._runner = runner

    def __getattr__(self, name):
        return getattr(self._runner, name)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.view = _RunnerView(model_runner)
        self.pool = self.view.token_to_kv_pool
        self.use_swa = isinstance(self.view.token_to_kv_pool, SWAKVPool)
        self.capacity = self.view.token_to_kv_pool_allocator.size

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
