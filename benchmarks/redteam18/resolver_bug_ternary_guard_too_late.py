"""Resolves the SWA pool with one chained conditional expression that tests the allocator's kvcache before the regular-draft guard, so the guard only covers the final legacy fallback."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _legacy_hybrid_pool(model_runner):
    # Older runners parked the hybrid pool on the runner itself.
    pool = getattr(model_runner, "swa_kv_pool", None)
    return pool if isinstance(pool, SWAKVPool) else None


def resolve_sliding_window_pool(model_runner):
    own = model_runner.token_to_kv_pool
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    regular_draft = (
        model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    return (
        own
        if isinstance(own, SWAKVPool)
        else (
            shared
            if isinstance(shared, SWAKVPool)
            else None if regular_draft else _legacy_hybrid_pool(model_runner)
        )
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.window_pool = resolve_sliding_window_pool(model_runner)

    def forward_decode(self, loc):
        if self.window_pool is not None:
            return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
