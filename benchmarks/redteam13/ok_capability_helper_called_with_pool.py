"""Backend whose capability helper takes a KV holder and is called with the backend's own pool."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


def _supports_window_translation(kv) -> bool:
    """True when ``kv`` can map full-pool locations into a sliding-window pool."""
    return callable(getattr(kv, "translate_loc_from_full_to_swa", None))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.eager_window_free = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self.translate_reads = _supports_window_translation(self.pool)

    def forward_decode(self, loc):
        if self.translate_reads:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
