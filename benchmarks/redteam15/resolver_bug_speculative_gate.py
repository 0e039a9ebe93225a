"""Resolves the SWA pool: own hybrid pool, else the allocator's kvcache whenever the runner's algorithm is speculative."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _WindowKVMixin:
    """Shared by the decode and verify backends of this family."""

    def _window_pool_for(self, model_runner):
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        # Speculative runners share the target's allocator, and with it its window KV.
        if not model_runner.spec_algorithm.is_speculative():
            return None
        pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend(_WindowKVMixin):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.window_pool = self._window_pool_for(model_runner)

    def forward_decode(self, loc):
        if self.window_pool is None:
            return self.token_to_kv_pool, loc
        return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
