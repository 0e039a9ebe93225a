"""Decode backend that picks its locator method by name from a table keyed on its own pool's __qualname__; the allocator's name is kept for diagnostics."""

_LOCATOR_BY_POOL = {
    "SWAKVPool": "_sliding_locations",
    "MHATokenToKVPool": "_dense_locations",
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        pool_name = type(self.kv_pool).__qualname__
        self._diagnostics = {
            "pool": pool_name,
            "allocator": type(model_runner.token_to_kv_pool_allocator).__qualname__,
        }
        self._locate = getattr(self, _LOCATOR_BY_POOL.get(pool_name, "_dense_locations"))

    def _sliding_locations(self, loc):
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def _dense_locations(self, loc):
        return loc

    def forward_decode(self, loc):
        return self.kv_pool, self._locate(loc)
