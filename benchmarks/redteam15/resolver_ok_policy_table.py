"""Resolves the SWA pool from a (is_draft, frozen_kv) policy table that only withholds the allocator fallback from regular drafts."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

# (is_draft_worker, is_frozen_kv_mtp) -> may the allocator's kvcache be used?
_ALLOCATOR_FALLBACK_POLICY = {
    (False, False): True,
    (False, True): True,
    (True, True): True,
    (True, False): False,  # EAGLE/standalone draft: own full-only pool
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        key = (
            bool(model_runner.is_draft_worker),
            bool(model_runner.spec_algorithm.is_frozen_kv_mtp()),
        )
        sources = [lambda: model_runner.token_to_kv_pool]
        if _ALLOCATOR_FALLBACK_POLICY.get(key, False):
            sources.append(model_runner.token_to_kv_pool_allocator.get_kvcache)
        self.swa_pool = next(
            (p for p in (src() for src in sources) if isinstance(p, SWAKVPool)), None
        )

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
