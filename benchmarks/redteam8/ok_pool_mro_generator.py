def _ancestors(obj):
    yield from (k.__name__ for k in type(obj).__mro__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.sliding = any(n in ("SWAKVPool", "BaseSWAKVPool") for n in _ancestors(self.pool))

    def forward_decode(self, loc):
        if not self.sliding:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
