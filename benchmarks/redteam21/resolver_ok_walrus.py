"""Backend whose resolver binds the allocator's cache with an assignment expression, only after a non-draft check."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(self.pool, SWAKVPool):
            self.swa_pool = self.pool
        elif not model_runner.is_draft_worker and isinstance(
            shared := self.allocator.get_kvcache(), SWAKVPool
        ):
            self.swa_pool = shared
        else:
            self.swa_pool = None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
