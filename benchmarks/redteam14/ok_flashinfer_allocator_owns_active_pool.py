"""FlashInfer-style backend that uses the allocator's translator only when the allocator's kvcache is its own pool."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Only trust the allocator's full->SWA translation for the pool it
        # actually manages; a draft worker shares the allocator but owns
        # a separate pool.
        owns_active_pool = allocator.get_kvcache() is self.token_to_kv_pool
        translate = getattr(allocator, "translate_loc_from_full_to_swa", None)
        self._swa_translate = translate if owns_active_pool else None
        self.use_sliding_window_kv_pool = self._swa_translate is not None

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, self._swa_translate(loc)
        return self.token_to_kv_pool, loc
