_ALLOCATOR_ATTR = "token_to_kv_pool_allocator"
_SWA_FEATURE = "full_to_swa_index_mapping"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.use_swa = hasattr(getattr(model_runner, _ALLOCATOR_ATTR), _SWA_FEATURE)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
