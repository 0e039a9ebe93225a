class GeneratedAttnBackend:
    """Finds the first KV object that knows how to map full indices to window indices."""

    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        sources = [model_runner.token_to_kv_pool_allocator, model_runner.token_to_kv_pool]
        for src in sources:
            if hasattr(src, "translate_loc_from_full_to_swa"):
                self._to_window = src.translate_loc_from_full_to_swa
                break
        else:
            self._to_window = None

    def forward_decode(self, loc):
        if self._to_window is not None:
            loc = self._to_window(loc)
        return self.token_to_kv_pool, loc
