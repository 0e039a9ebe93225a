"""AITER-style backend enabling the sliding-window path from the SWA layer count of its own pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _kv_layout_of(pool) -> str:
    if isinstance(pool, SWAKVPool):
        return getattr(pool.full_kv_pool, "kv_cache_layout", "nhd")
    return getattr(pool, "kv_cache_layout", "nhd")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_cache_layout = _kv_layout_of(self.token_to_kv_pool)
        swa_layers = getattr(self.token_to_kv_pool, "swa_layer_nums", 0)
        self.use_sliding_window_kv_pool = swa_layers > 0
        self.use_triton_unified_attention = self.use_sliding_window_kv_pool

    def forward_decode(self, loc):
        pool = self.token_to_kv_pool
        if self.use_sliding_window_kv_pool:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
