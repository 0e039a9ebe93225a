"""Attention backend that stores the SWA location translator as a bound method, or None."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        source = model_runner.token_to_kv_pool_allocator
        self._to_swa = getattr(source, "translate_loc_from_full_to_swa", None)

    def get_token_to_kv_pool(self):
        return self.pool

    def forward_extend(self, loc):
        return self.forward_decode(loc)

    def forward_decode(self, loc):
        translate = self._to_swa
        return self.pool, (translate(loc) if translate is not None else loc)
