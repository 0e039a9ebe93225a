"""Backend detecting the hybrid layout by the pool's swa_kv_pool member."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_sub_pool = getattr(self.token_to_kv_pool, "swa_kv_pool", None)

    @property
    def has_swa(self) -> bool:
        return self._swa_sub_pool is not None

    def forward_decode(self, loc):
        if self.has_swa:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
