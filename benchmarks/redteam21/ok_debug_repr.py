"""Backend whose repr dumps allocator details while the window decision probes the pool's index mapping."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.pool = model_runner.token_to_kv_pool
        self.has_window_mapping = hasattr(self.pool, "full_to_swa_index_mapping")

    @property
    def allocator(self):
        return self._runner.token_to_kv_pool_allocator

    def __repr__(self):
        alloc = self.allocator
        swa_free = alloc.swa_available_size() if hasattr(alloc, "swa_available_size") else None
        return (
            f"{type(self).__name__}(pool={type(self.pool).__name__}, "
            f"allocator={type(alloc).__name__}, free={alloc.available_size()}, "
            f"swa_free={swa_free}, window={self.has_window_mapping})"
        )

    def forward_decode(self, loc):
        if self.has_window_mapping:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
