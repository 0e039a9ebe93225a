"""Backend that treats its pool as hybrid when the shared allocator reports a size_swa."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.max_total_num_tokens = allocator.size
        self.swa_max_total_num_tokens = getattr(allocator, "size_swa", None)
        self.is_hybrid = self.swa_max_total_num_tokens is not None

    def forward_decode(self, loc):
        if self.is_hybrid:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
