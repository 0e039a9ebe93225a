_SWA_STATE = frozenset({"full_to_swa_index_mapping", "swa_attn_allocator"})


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv = model_runner.token_to_kv_pool
        state = vars(model_runner.token_to_kv_pool_allocator).keys()
        self.hybrid = not _SWA_STATE.isdisjoint(state)

    def forward_decode(self, loc):
        if self.hybrid:
            loc = self.kv.translate_loc_from_full_to_swa(loc)
        return self.kv, loc
