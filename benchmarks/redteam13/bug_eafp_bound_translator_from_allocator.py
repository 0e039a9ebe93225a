"""Backend that binds the allocator's full-to-SWA translator in a try/except AttributeError."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        try:
            self._to_swa = model_runner.token_to_kv_pool_allocator.translate_loc_from_full_to_swa
        except AttributeError:
            self._to_swa = None  # plain allocator

    def forward_decode(self, loc):
        if self._to_swa is not None:
            return self.pool, self._to_swa(loc)
        return self.pool, loc
