"""Decides the sliding-window path from the allocator's capacities (size_swa smaller than size_full) and translates through its own pool."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        full_tokens = getattr(allocator, "size_full", allocator.size)
        window_tokens = getattr(allocator, "size_swa", full_tokens)
        # Hybrid models size the window pool below the full pool.
        self.use_sliding_window = window_tokens < full_tokens
        self.max_window_tokens = window_tokens

    def forward_decode(self, loc):
        if not self.use_sliding_window:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
