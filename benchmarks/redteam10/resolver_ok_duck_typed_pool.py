"""Resolver using duck typing on the pool, guarded allocator fallback."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        pool = model_runner.token_to_kv_pool
        if hasattr(pool, "translate_loc_from_full_to_swa"):
            return pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        get_kvcache = getattr(model_runner.token_to_kv_pool_allocator, "get_kvcache", None)
        kv = get_kvcache() if get_kvcache is not None else None
        return kv if hasattr(kv, "translate_loc_from_full_to_swa") else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
