"""Exports full and SWA headroom gauges read from the allocator and takes windowed decode when an SWA gauge was exported."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.metrics = {}
        self.refresh_metrics()

    def refresh_metrics(self):
        allocator = self._runner.token_to_kv_pool_allocator
        self.metrics["kv_free_tokens"] = allocator.available_size()
        swa_free = getattr(allocator, "swa_available_size", None)
        if swa_free is not None:
            self.metrics["kv_swa_free_tokens"] = swa_free()

    @property
    def _window_reads(self):
        return "kv_swa_free_tokens" in self.metrics

    def forward_decode(self, loc):
        if self._window_reads:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
