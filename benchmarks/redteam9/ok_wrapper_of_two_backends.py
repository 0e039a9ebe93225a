from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _FullBackend:
    def __init__(self, pool):
        self.pool = pool

    def forward_decode(self, loc):
        return self.pool, loc


class _WindowBackend:
    def __init__(self, pool):
        self.pool = pool

    def forward_decode(self, loc):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    """Wraps one backend per KV layout and forwards to the one matching this runner."""

    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        self.children = {False: _FullBackend(pool), True: _WindowBackend(pool)}
        self.active = self.children[isinstance(pool, SWAKVPool)]

    def forward_decode(self, loc):
        return self.active.forward_decode(loc)
