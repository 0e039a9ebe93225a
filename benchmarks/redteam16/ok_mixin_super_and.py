"""Decode backend whose allocator-aware mixin requires both the pool check (via super()) and a hybrid allocator before enabling SWA."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _PoolProbe:
    def _sliding_window_enabled(self, runner):
        return isinstance(runner.token_to_kv_pool, SWAKVPool)


class _AllocatorAwareMixin:
    def _sliding_window_enabled(self, runner):
        # both halves must be hybrid: our own pool and the allocator that fills it
        if not super()._sliding_window_enabled(runner):
            return False
        return hasattr(runner.token_to_kv_pool_allocator, "swa_attn_allocator")


class GeneratedAttnBackend(_AllocatorAwareMixin, _PoolProbe):
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window = self._sliding_window_enabled(model_runner)

    def forward_decode(self, loc):
        if self.use_sliding_window:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
