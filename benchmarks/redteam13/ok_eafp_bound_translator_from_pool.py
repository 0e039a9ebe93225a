"""Backend that binds the pool's full-to-SWA translator in a try/except AttributeError."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        try:
            self._to_swa = self.pool.translate_loc_from_full_to_swa
        except AttributeError:
            self._to_swa = None  # full-attention pool

    def forward_decode(self, loc):
        if self._to_swa is not None:
            return self.pool, self._to_swa(loc)
        return self.pool, loc
