"""Takes the sliding-window path only if all signals agree: its own pool is SWAKVPool and the allocator has a swa_attn_allocator."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.sliding_window = all(
            (
                isinstance(self.pool, SWAKVPool),
                hasattr(allocator, "swa_attn_allocator"),
            )
        )

    def forward_decode(self, loc):
        if self.sliding_window:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
