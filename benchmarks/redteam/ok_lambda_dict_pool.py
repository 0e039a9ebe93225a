class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        pool = self.pool
        translators = {
            "SWAKVPool": lambda loc: pool.translate_loc_from_full_to_swa(loc),
        }
        self._translate = translators.get(type(pool).__name__, lambda loc: loc)

    def forward_decode(self, loc):
        return self.pool, self._translate(loc)
