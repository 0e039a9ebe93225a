"""Binds the allocator's translate_loc_from_full_to_swa in a try/except AttributeError and translates its own pool's locations with it when bound."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        try:
            self._translate = model_runner.token_to_kv_pool_allocator.translate_loc_from_full_to_swa
        except AttributeError:
            # Plain TokenToKVPoolAllocator: no sliding-window layers.
            self._translate = None

    def forward_decode(self, loc):
        if self._translate is None:
            return self.pool, loc
        return self.pool, self._translate(loc)
