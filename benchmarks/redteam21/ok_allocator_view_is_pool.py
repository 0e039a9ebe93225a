"""Backend that keeps the runner's KV pool under an allocator-flavoured attribute and translates through it."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.allocator_view = model_runner.token_to_kv_pool
        self.swa = isinstance(self.allocator_view, SWAKVPool)

    def forward_decode(self, loc):
        if self.swa:
            loc = self.allocator_view.translate_loc_from_full_to_swa(loc)
        return self.allocator_view, loc
