class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.is_swa = type(self.pool).__name__ == "SWAKVPool"

    def forward_decode(self, loc):
        if self.is_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
