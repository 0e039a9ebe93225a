"""Backend whose location helper returns early unless the allocator carries a full-to-SWA mapping."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def _read_locations(self, loc):
        if not hasattr(self.allocator, "full_to_swa_index_mapping"):
            return loc
        return self.pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        return self.pool, self._read_locations(loc)
