"""Resolves the SWA pool: own pool if hybrid; a FROZEN_KV MTP draft gets none, any other runner borrows the allocator's kvcache."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner):
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    if model_runner.is_draft_worker:
        if model_runner.spec_algorithm.is_frozen_kv_mtp():
            # FROZEN_KV MTP drafts read through their own frozen view.
            return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
