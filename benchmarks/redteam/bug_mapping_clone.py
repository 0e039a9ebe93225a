class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        mapping = getattr(alloc, "full_to_swa_index_mapping", None)
        # private copy, so later resizes of the allocator do not move it under us
        self._swa_map = None if mapping is None else mapping.clone()

    def forward_decode(self, loc):
        if self._swa_map is not None:
            loc = self._swa_map[loc]
        return self.pool, loc
