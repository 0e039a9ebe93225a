"""Exports full and SWA headroom gauges read from the allocator; the pool's own class decides windowed decode."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        match self.kv_pool:
            case SWAKVPool():
                self._window_reads = True
            case _:
                self._window_reads = False
        self.metrics = {}
        self.refresh_metrics()

    def refresh_metrics(self):
        allocator = self._runner.token_to_kv_pool_allocator
        self.metrics["kv_free_tokens"] = allocator.available_size()
        swa_free = getattr(allocator, "swa_available_size", None)
        if swa_free is not None:
            self.metrics["kv_swa_free_tokens"] = swa_free()

    def forward_decode(self, loc):
        if self._window_reads:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
