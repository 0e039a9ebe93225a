"""Torch-native backend that probes the allocator for swa_available_size() to pick its window path."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        allocator = model_runner.token_to_kv_pool_allocator
        try:
            self._swa_budget = allocator.swa_available_size()
        except AttributeError:
            self._swa_budget = None

    @property
    def has_window_pool(self) -> bool:
        return self._swa_budget is not None

    def forward_decode(self, loc):
        if not self.has_window_pool:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
