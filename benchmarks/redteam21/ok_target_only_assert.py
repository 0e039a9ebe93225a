"""Backend that, on a non-draft runner, asserts the allocator's cache is the runner's pool before reading that pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        pool = model_runner.token_to_kv_pool
        if not model_runner.is_draft_worker:
            assert (
                model_runner.token_to_kv_pool_allocator.get_kvcache() is pool
            ), "target runner must read the allocator's cache"
        self.pool = pool
        self.sliding = isinstance(pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.sliding:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
