"""When its own pool instance holds a full_to_swa_index_mapping it translates decode locations through that pool."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_cache = model_runner.token_to_kv_pool
        # SWA pools get the mapping registered by their allocator; full pools never do.
        self.windowed = "full_to_swa_index_mapping" in vars(self.kv_cache)

    def forward_decode(self, loc):
        if self.windowed:
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
