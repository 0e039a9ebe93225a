"""Backend using a shared module-level helper to find the SWA pool its decode step reads."""

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool


def resolve_window_pool(runner):
    """The SWA pool to translate against, or None when decode indices are already pool indices."""
    active = runner.token_to_kv_pool
    if isinstance(active, BaseSWAKVPool):
        return active
    if runner.is_draft_worker or runner.spec_algorithm.is_frozen_kv_mtp():
        target_pool = runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(target_pool, BaseSWAKVPool):
            return target_pool
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.window_pool = resolve_window_pool(model_runner)

    def forward_decode(self, loc):
        if self.window_pool is not None:
            return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
