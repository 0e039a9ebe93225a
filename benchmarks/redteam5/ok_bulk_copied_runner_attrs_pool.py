_RUNNER_ATTRS = (
    "device",
    "page_size",
    "token_to_kv_pool",
    "token_to_kv_pool_allocator",
    "req_to_token_pool",
)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        for name in _RUNNER_ATTRS:
            setattr(self, name, getattr(model_runner, name))
        self.use_sliding_window_kv_pool = (
            getattr(self.token_to_kv_pool, "full_to_swa_index_mapping", None) is not None
        )
        self.allocator_page_size = self.token_to_kv_pool_allocator.page_size

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
