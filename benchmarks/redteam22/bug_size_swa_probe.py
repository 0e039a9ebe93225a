"""Backend that enables sliding-window decode when a separate SWA capacity has been reserved."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # A hybrid setup reserves SWA slots next to the full ones; zero means full attention only.
        swa_capacity = getattr(model_runner.token_to_kv_pool_allocator, "size_swa", 0)
        self.sliding_window_enabled = swa_capacity > 0

    def forward_decode(self, loc):
        if not self.sliding_window_enabled:
            return self.token_to_kv_pool, loc
        translated = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, translated
