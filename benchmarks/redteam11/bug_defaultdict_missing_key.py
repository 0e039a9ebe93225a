"""Backend with a per-pool-class translator table; unknown classes fall back to the allocator."""

import collections


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        table = collections.defaultdict(lambda: alloc.translate_loc_from_full_to_swa)
        table["TokenToKVPool"] = lambda loc: loc
        table["MLATokenToKVPool"] = lambda loc: loc
        self._translate = table[type(self.kv_pool).__name__]

    def forward_decode(self, loc):
        return self.kv_pool, self._translate(loc)
