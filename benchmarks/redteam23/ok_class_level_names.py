"""Backend family whose subclasses list the KV pool classes that imply windowed KV."""


class _WindowAwareBackend:
    WINDOW_POOLS: tuple = ()

    def _windowed(self, model_runner) -> bool:
        return type(model_runner.token_to_kv_pool).__name__ in self.WINDOW_POOLS


class GeneratedAttnBackend(_WindowAwareBackend):
    WINDOW_POOLS = ("SWAKVPool",)

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.windowed = self._windowed(model_runner)

    def forward_decode(self, loc):
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
