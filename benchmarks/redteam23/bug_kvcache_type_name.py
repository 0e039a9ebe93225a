"""Backend that checks whether the allocator's KV cache is an SWA pool before translating slots."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        # the allocator knows which KV cache backs it
        backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.hybrid = type(backing).__name__ in ("SWAKVPool",)
        self.num_layers = getattr(self.pool, "layer_num", 0)

    def forward_decode(self, loc):
        if self.hybrid:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
