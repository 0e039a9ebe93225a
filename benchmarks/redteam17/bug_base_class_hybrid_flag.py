"""Backend inheriting an is_hybrid_swa flag set in a base class from the allocator's swa_attn_allocator."""


class HybridAwareAttnBackendBase:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_hybrid_swa = (
            getattr(model_runner.token_to_kv_pool_allocator, "swa_attn_allocator", None) is not None
        )


class GeneratedAttnBackend(HybridAwareAttnBackendBase):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.num_decode_steps = 1

    def _decode_indices(self, loc):
        if self.is_hybrid_swa:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._decode_indices(loc)
