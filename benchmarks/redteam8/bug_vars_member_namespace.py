from types import SimpleNamespace


def _memory(runner):
    return SimpleNamespace(
        pool=runner.token_to_kv_pool,
        allocator=runner.token_to_kv_pool_allocator,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.mem = _memory(model_runner)
        state = vars(self.mem.allocator)
        self.swa_enabled = "full_to_swa_index_mapping" in state

    def forward_decode(self, loc):
        pool = self.mem.pool
        if self.swa_enabled:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
