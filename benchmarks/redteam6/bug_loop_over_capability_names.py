_SWA_CAPABILITIES = (
    "translate_loc_from_full_to_swa",
    "full_to_swa_index_mapping",
    "swa_attn_allocator",
)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.has_swa = False
        for capability in _SWA_CAPABILITIES:
            if getattr(allocator, capability, None) is None:
                break
        else:
            self.has_swa = True

    def forward_decode(self, loc):
        if self.has_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
