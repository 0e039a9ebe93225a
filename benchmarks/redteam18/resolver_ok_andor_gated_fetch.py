"""Resolves the SWA pool with short-circuit and/or expressions; the allocator's kvcache is only fetched inside an `and` that a regular draft's local_only flag short-circuits."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _as_swa(pool):
    return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        local_only = (
            model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        self.swa_pool = (
            _as_swa(self.pool)
            or (not local_only and _as_swa(model_runner.token_to_kv_pool_allocator.get_kvcache()))
            or None
        )

    def forward_decode(self, loc):
        swa = self.swa_pool
        return (swa and (swa, swa.translate_loc_from_full_to_swa(loc))) or (self.pool, loc)
