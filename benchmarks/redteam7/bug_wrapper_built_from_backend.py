"""A decode wrapper built from the backend (the backend keeps the runner)."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class DecodeWrapper:
    def __init__(self, attn_backend):
        runner = attn_backend.model_runner
        self.kv_pool = runner.token_to_kv_pool
        self.sliding = isinstance(runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)

    def plan(self, loc):
        if self.sliding:
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.decode_wrapper = DecodeWrapper(self)

    def forward_decode(self, loc):
        return self.decode_wrapper.kv_pool, self.decode_wrapper.plan(loc)
