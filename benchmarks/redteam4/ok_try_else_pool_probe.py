class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.full_free = alloc.available_size()
        try:
            self.swa_layers = self.pool.swa_layer_nums
        except AttributeError:
            self.swa_layers = 0
            self.windowed = False
        else:
            self.windowed = True

    def forward_decode(self, loc):
        if self.windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
