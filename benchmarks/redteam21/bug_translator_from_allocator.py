"""Backend that caches a location translator, looked up on the allocator, and applies it to reads from the runner's pool."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._alloc_translate = getattr(allocator, "translate_loc_from_full_to_swa", None)

    def forward_decode(self, loc):
        if self._alloc_translate is not None:
            return self.kv_pool, self._alloc_translate(loc)
        return self.kv_pool, loc
