"""Decides at each forward from the pool being read (pools may be swapped in views)."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.kv_allocator = model_runner.token_to_kv_pool_allocator

    def get_token_to_kv_pool(self):
        return self.token_to_kv_pool

    def init_forward_metadata(self, out_cache_loc):
        pool = self.get_token_to_kv_pool()
        translate = getattr(pool, "translate_loc_from_full_to_swa", None)
        self.forward_metadata = (pool, translate(out_cache_loc) if translate else out_cache_loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.forward_metadata
