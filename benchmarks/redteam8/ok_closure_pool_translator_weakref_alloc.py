import weakref


def _pool_translator(pool):
    fn = getattr(pool, "translate_loc_from_full_to_swa", None)

    def translate(loc):
        return fn(loc) if fn is not None else loc

    return translate


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._alloc_ref = weakref.ref(model_runner.token_to_kv_pool_allocator)
        self.pool = model_runner.token_to_kv_pool
        self.translate = _pool_translator(self.pool)

    def free_slots(self):
        alloc = self._alloc_ref()
        return 0 if alloc is None else alloc.available_size()

    def forward_decode(self, loc):
        return self.pool, self.translate(loc)
