"""Backend whose resolver takes the allocator's cache through a conditional expression guarded by the draft flag."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        mr = model_runner
        self.pool = mr.token_to_kv_pool
        candidate = (
            mr.token_to_kv_pool
            if isinstance(mr.token_to_kv_pool, SWAKVPool)
            else (mr.token_to_kv_pool_allocator.get_kvcache() if not mr.is_draft_worker else None)
        )
        self.swa_pool = candidate if isinstance(candidate, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
