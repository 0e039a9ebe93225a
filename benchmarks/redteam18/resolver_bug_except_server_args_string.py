"""Resolves the SWA pool; asks server_args.speculative_algorithm (a string or None, not the enum) for is_frozen_kv_mtp, and the AttributeError handler hands out the allocator's kvcache."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _shared_swa_pool(model_runner):
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def resolve_swa_pool(model_runner):
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    try:
        frozen_kv = model_runner.server_args.speculative_algorithm.is_frozen_kv_mtp()
    except AttributeError:
        # No speculative algorithm configured: this runner is not a draft.
        return _shared_swa_pool(model_runner)
    if model_runner.is_draft_worker and not frozen_kv:
        return None
    return _shared_swa_pool(model_runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
