import functools


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self._to_swa = None
        if type(alloc).__name__.startswith("SWA"):
            self._to_swa = functools.partial(alloc.translate_loc_from_full_to_swa)

    def forward_decode(self, loc):
        if self._to_swa is not None:
            loc = self._to_swa(loc)
        return self.pool, loc
