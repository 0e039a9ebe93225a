"""Backend whose resolver probes is_frozen_kv_mtp inside try/except for older enums before allowing the allocator fallback."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _is_frozen_kv(spec_algorithm) -> bool:
    try:
        frozen = spec_algorithm.is_frozen_kv_mtp()
    except AttributeError:
        frozen = False
    return bool(frozen)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = None
        if isinstance(self.pool, SWAKVPool):
            self.swa_pool = self.pool
            return
        frozen = _is_frozen_kv(model_runner.spec_algorithm)
        if model_runner.is_draft_worker and not frozen:
            return
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kv, SWAKVPool):
            self.swa_pool = kv

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
