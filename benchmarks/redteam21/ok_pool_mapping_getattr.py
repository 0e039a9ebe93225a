"""Backend that gathers window locations through the pool's full-to-SWA index mapping when the pool has one."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator_size = model_runner.token_to_kv_pool_allocator.size
        self._index_map = getattr(self.pool, "full_to_swa_index_mapping", None)

    def forward_decode(self, loc):
        index_map = self._index_map
        if index_map is None:
            return self.pool, loc
        return self.pool, index_map[loc].to(loc.dtype)
