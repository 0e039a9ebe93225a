class GeneratedAttnBackend:
    def __init__(self, model_runner):
        spec = model_runner.spec_algorithm
        if model_runner.is_draft_worker and spec.is_frozen_kv_mtp():
            # FROZEN_KV MTP drafts read the target's cache through the shared allocator.
            self.kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        self.translate = getattr(self.kv_pool, "translate_loc_from_full_to_swa", None)

    def forward_decode(self, loc):
        return self.kv_pool, (self.translate(loc) if self.translate else loc)
