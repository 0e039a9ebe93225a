from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self._window_pool = ...

    def _window(self):
        if self._window_pool is ...:
            kv = self._runner.token_to_kv_pool_allocator.get_kvcache()
            self._window_pool = kv if isinstance(kv, SWAKVPool) else None
        return self._window_pool

    def forward_decode(self, loc):
        window = self._window()
        if window is None:
            return self._runner.token_to_kv_pool, loc
        return window, window.translate_loc_from_full_to_swa(loc)
