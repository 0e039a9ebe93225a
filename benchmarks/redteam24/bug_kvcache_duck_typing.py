"""Attention backend that reads through whichever KV cache exposes a sliding-window translator."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if callable(getattr(cache, "translate_loc_from_full_to_swa", None)):
            self.read_pool = cache
        else:
            self.read_pool = None

    def forward_decode(self, loc):
        if self.read_pool is None:
            return self.pool, loc
        return self.read_pool, self.read_pool.translate_loc_from_full_to_swa(loc)
