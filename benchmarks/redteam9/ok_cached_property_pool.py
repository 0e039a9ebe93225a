import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.req_to_token = model_runner.req_to_token_pool

    @functools.cached_property
    def kv_pool(self):
        return self.model_runner.token_to_kv_pool

    @functools.cached_property
    def swa_enabled(self):
        return isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.swa_enabled:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
