"""Resolves the SWA pool from a tuple of (gate, fetch) callables; the allocator candidate's gate admits only targets and FROZEN_KV drafts."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _always(model_runner) -> bool:
    return True


def _may_read_target_kv(model_runner) -> bool:
    return not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp()


_CANDIDATES = (
    (_always, lambda mr: mr.token_to_kv_pool),
    (_may_read_target_kv, lambda mr: mr.token_to_kv_pool_allocator.get_kvcache()),
)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = None
        for allowed, fetch in _CANDIDATES:
            if not allowed(model_runner):
                continue
            candidate = fetch(model_runner)
            if isinstance(candidate, SWAKVPool):
                self.swa_kv_pool = candidate
                break

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
