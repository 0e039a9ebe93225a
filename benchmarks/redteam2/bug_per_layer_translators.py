class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        identity = lambda x: x  # noqa: E731
        to_swa = getattr(alloc, "translate_loc_from_full_to_swa", identity)
        self._translate_for_layer = {layer_id: to_swa for layer_id in range(4)}

    def forward_decode(self, loc, layer_id=0):
        return self.pool, self._translate_for_layer[layer_id](loc)
