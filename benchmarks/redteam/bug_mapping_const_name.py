_MAPPING_ATTR = "full_to_swa_index_mapping"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        mapping = getattr(self.alloc, _MAPPING_ATTR, None)
        if mapping is not None:
            loc = mapping[loc]
        return self.pool, loc
