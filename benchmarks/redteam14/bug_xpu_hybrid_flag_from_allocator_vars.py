"""XPU-style backend that marks the model hybrid-SWA when the allocator keeps SWA free-group state."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator_state = vars(model_runner.token_to_kv_pool_allocator)
        self.is_hybrid_swa = bool(model_runner.is_hybrid_swa) or (
            "swa_free_group" in allocator_state
        )
        self.sliding_window_size = model_runner.sliding_window_size

    def _translate_page_table(self, loc):
        # flash_attn_with_kvcache wants int32 page tables
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self.is_hybrid_swa:
            return self.token_to_kv_pool, self._translate_page_table(loc)
        return self.token_to_kv_pool, loc
