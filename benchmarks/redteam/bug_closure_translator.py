def _make_translator(allocator):
    convert = getattr(allocator, "translate_loc_from_full_to_swa", None)
    if convert is None:
        return lambda loc: loc

    def translate(loc):
        return convert(loc)

    return translate


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._translate = _make_translator(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        return self.pool, self._translate(loc)
