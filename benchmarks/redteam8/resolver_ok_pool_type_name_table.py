_SWA_POOL_NAMES = {"SWAKVPool": True, "MHATokenToKVPool": False}


def _resolve(pool):
    return pool if _SWA_POOL_NAMES.get(type(pool).__name__, False) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.default_pool = model_runner.token_to_kv_pool
        self.swa_pool = _resolve(self.default_pool)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.default_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
