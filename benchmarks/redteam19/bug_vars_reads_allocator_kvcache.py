"""When the allocator instance holds a full_to_swa_index_mapping it reads the allocator's kvcache and translates decode locations there."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.windowed = "full_to_swa_index_mapping" in vars(allocator)
        if self.windowed:
            # The hybrid pool is the one the allocator was built over.
            self.kv_cache = allocator.get_kvcache()
        else:
            self.kv_cache = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        if self.windowed:
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
