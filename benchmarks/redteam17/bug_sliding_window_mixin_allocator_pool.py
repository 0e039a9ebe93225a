"""Backend whose SWA mixin is initialised with the allocator's kvcache instead of the runner's own pool."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SlidingWindowPoolMixin:
    _swa_kv_pool: Optional[SWAKVPool] = None

    def _init_sliding_window(self, kv_pool) -> None:
        self._swa_kv_pool = kv_pool if isinstance(kv_pool, SWAKVPool) else None

    @property
    def has_sliding_window(self) -> bool:
        return self._swa_kv_pool is not None

    def _window_locs(self, loc):
        return self._swa_kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(SlidingWindowPoolMixin):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._init_sliding_window(self.allocator.get_kvcache())

    def forward_decode(self, loc):
        if self.has_sliding_window:
            return self._swa_kv_pool, self._window_locs(loc)
        return self.token_to_kv_pool, loc
