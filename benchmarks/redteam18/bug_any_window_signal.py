"""Takes the sliding-window path if any of several signals fires: its own pool is SWAKVPool, or the allocator has a swa_attn_allocator."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        signals = (
            isinstance(self.pool, SWAKVPool),
            getattr(allocator, "swa_attn_allocator", None) is not None,
        )
        self.sliding_window = any(signals)

    def forward_decode(self, loc):
        if self.sliding_window:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
