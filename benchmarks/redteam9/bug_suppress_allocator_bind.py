import contextlib


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.window_map = None
        with contextlib.suppress(AttributeError):
            self.window_map = model_runner.token_to_kv_pool_allocator.translate_loc_from_full_to_swa

    def forward_decode(self, loc):
        out = loc if self.window_map is None else self.window_map(loc)
        return self.kv_pool, out
