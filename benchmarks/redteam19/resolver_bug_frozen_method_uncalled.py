"""Resolver that negates the is_frozen_kv_mtp bound method without calling it, so the draft skip never fires and drafts get the allocator's kvcache."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _shares_target_kv(model_runner) -> bool:
    spec = model_runner.spec_algorithm
    if model_runner.is_draft_worker and not spec.is_frozen_kv_mtp:
        return False
    return True


def get_swa_pool(model_runner):
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    if not _shares_target_kv(model_runner):
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = get_swa_pool(model_runner)

    def forward_decode(self, loc):
        pool = self.swa_pool or self.token_to_kv_pool
        if self.swa_pool is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
