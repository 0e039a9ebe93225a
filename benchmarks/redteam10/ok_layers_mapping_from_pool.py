"""Per-layer dispatch from the pool's own layer mapping."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        mapping = getattr(self.token_to_kv_pool, "layers_mapping", None) or {}
        self.swa_layers = frozenset(lid for lid, (_, is_swa) in mapping.items() if is_swa)
        self.window = model_runner.sliding_window_size

    def forward_decode(self, loc, layer_id: int = 0):
        if layer_id in self.swa_layers:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
