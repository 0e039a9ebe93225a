class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        try:
            self.swa_free = alloc.swa_available_size()
        except AttributeError:
            self.swa_free = None
            self.windowed = False
        else:
            self.windowed = True

    def forward_decode(self, loc):
        if self.windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
