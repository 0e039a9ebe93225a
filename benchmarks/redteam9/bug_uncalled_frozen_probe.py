from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        frozen = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", None)
        if model_runner.is_draft_worker and not frozen:
            kv = None
        else:
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.swa = kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa is not None:
            return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
