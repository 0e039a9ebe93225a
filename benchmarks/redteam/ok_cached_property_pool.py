import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.pool = model_runner.token_to_kv_pool

    @functools.cached_property
    def use_swa(self):
        return isinstance(self.model_runner.token_to_kv_pool, SWAKVPool)

    @functools.cached_property
    def page_size(self):
        return self.model_runner.token_to_kv_pool_allocator.page_size

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
