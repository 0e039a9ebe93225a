import inspect


def _find_translator(obj):
    for name, member in inspect.getmembers(obj, inspect.ismethod):
        if name == "translate_loc_from_full_to_swa":
            return member
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.translate = _find_translator(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if self.translate is not None:
            return self.pool, self.translate(loc)
        return self.pool, loc
