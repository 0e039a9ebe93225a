def _make_translator(allocator):
    fn = getattr(allocator, "translate_loc_from_full_to_swa", None)
    if fn is None:
        return None

    def translate(loc):
        return fn(loc)

    return translate


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._translate = _make_translator(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        locations = self._translate(loc) if self._translate else loc
        return self.token_to_kv_pool, locations
