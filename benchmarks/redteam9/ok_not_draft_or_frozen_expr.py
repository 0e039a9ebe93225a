from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        spec = model_runner.spec_algorithm
        frozen = getattr(spec, "is_frozen_kv_mtp", lambda: False)()
        # looks backwards, but reads: "a non-frozen draft never borrows the allocator's cache"
        kv = (
            None
            if model_runner.is_draft_worker and not frozen
            else model_runner.token_to_kv_pool_allocator.get_kvcache()
        )
        self.swa = kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa is not None:
            return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
