_KV_SOURCES = ("token_to_kv_pool_allocator", "token_to_kv_pool")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.to_swa = None
        for name in _KV_SOURCES:
            owner = getattr(model_runner, name)
            if getattr(owner, "swa_kv_pool", None) is not None:
                self.to_swa = owner.translate_loc_from_full_to_swa
                break

    def forward_decode(self, loc):
        return self.pool, (self.to_swa(loc) if self.to_swa else loc)
