"""AITER-style backend that resolves its SWA pool (frozen-KV drafts may borrow the target's) and requires window layers."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # Resolve the SWA pool rather than reading it off the active pool: a
        # frozen-KV MTP draft reads target KV through the target's mapping.
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = (
            self.swa_kv_pool is not None and self.swa_kv_pool.swa_layer_nums > 0
        )

        def _pool_is_vec5d(pool):
            inner = pool.full_kv_pool if isinstance(pool, SWAKVPool) else pool
            return getattr(inner, "kv_cache_layout", "nhd") == "vectorized_5d"

        self.kv_cache_is_vectorized_5d = _pool_is_vec5d(self.token_to_kv_pool)

    def _resolve_swa_kv_pool(self, model_runner):
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        reads_target_kv = (
            not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        if not reads_target_kv:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
