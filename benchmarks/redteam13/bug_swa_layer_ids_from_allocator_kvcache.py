"""Backend that collects its SWA layer ids from the layers_mapping of the allocator's kvcache."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        mapping = getattr(kvcache, "layers_mapping", {})
        self.swa_layer_ids = sorted(lid for lid, (_, is_swa) in mapping.items() if is_swa)

    def forward_decode(self, loc):
        if self.swa_layer_ids:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
