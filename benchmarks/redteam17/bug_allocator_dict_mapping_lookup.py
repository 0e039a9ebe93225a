"""Backend reading full_to_swa_index_mapping from the allocator's __dict__ and gathering through it on decode."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator_state = model_runner.token_to_kv_pool_allocator.__dict__
        self._swa_index_map = allocator_state.get("full_to_swa_index_mapping")

    def _gather_swa(self, loc):
        return self._swa_index_map[loc].to(loc.dtype)

    def forward_decode(self, loc):
        if self._swa_index_map is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._gather_swa(loc)
