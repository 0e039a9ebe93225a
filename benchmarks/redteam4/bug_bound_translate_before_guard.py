from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        mr = model_runner
        self.pool = mr.token_to_kv_pool
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        self._translate = kv.translate_loc_from_full_to_swa if isinstance(kv, SWAKVPool) else None
        self.read_pool = kv if self._translate is not None else self.pool
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            self.read_pool = self.pool

    def forward_decode(self, loc):
        if self._translate is not None:
            loc = self._translate(loc)
        return self.read_pool, loc
