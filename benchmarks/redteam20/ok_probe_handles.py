"""Backend that enables windowed decode from a staticmethod probe applied to every KV handle it was given."""

_TRANSLATOR = "translate_loc_from_full_to_swa"


class GeneratedAttnBackend:
    @staticmethod
    def _supports_window(handle) -> bool:
        return callable(getattr(handle, _TRANSLATOR, None))

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        handles = (self.pool, model_runner.token_to_kv_pool_allocator)
        self.windowed = all(self._supports_window(h) for h in handles)

    def forward_decode(self, loc):
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
