class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    def _maybe_translate(self, token_to_kv_pool, loc):
        if hasattr(token_to_kv_pool, "translate_loc_from_full_to_swa"):
            return token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._maybe_translate(self.token_to_kv_pool, loc)
