"""Backend that uses the allocator's SWA view only when the allocator owns this pool."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        owns = getattr(alloc, "get_kvcache", lambda: None)() is self.kv_pool
        self._swa_translate = (
            getattr(alloc, "translate_loc_from_full_to_swa", None) if owns else None
        )

    def forward_decode(self, loc):
        if self._swa_translate is not None:
            loc = self._swa_translate(loc)
        return self.kv_pool, loc
