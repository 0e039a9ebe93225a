"""Resolver returning whatever can translate locations (the allocator qualifies)."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_translator = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        for obj in (model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator):
            if hasattr(obj, "translate_loc_from_full_to_swa"):
                return obj
        return None

    def forward_decode(self, loc):
        if self.swa_translator is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.swa_translator.translate_loc_from_full_to_swa(loc)
