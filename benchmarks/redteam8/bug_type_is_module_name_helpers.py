def _module_of(obj) -> str:
    return type(obj).__module__


def _is_swa_module(modname: str) -> bool:
    return modname.rsplit(".", 1)[-1] == "swa"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc_module = _module_of(model_runner.token_to_kv_pool_allocator)

    def _swa(self):
        return _is_swa_module(self.alloc_module)

    def forward_decode(self, loc):
        if self._swa():
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
