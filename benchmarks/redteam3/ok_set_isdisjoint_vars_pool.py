_SWA_STATE = frozenset({"full_kv_pool", "swa_kv_pool"})


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv = model_runner.token_to_kv_pool
        state = vars(self.kv).keys()
        self.hybrid = not _SWA_STATE.isdisjoint(state)

    def forward_decode(self, loc):
        if self.hybrid:
            loc = self.kv.translate_loc_from_full_to_swa(loc)
        return self.kv, loc
