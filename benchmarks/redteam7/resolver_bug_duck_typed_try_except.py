def _resolve_swa_kv_pool(model_runner):
    pool = model_runner.token_to_kv_pool
    try:
        pool.translate_loc_from_full_to_swa
    except AttributeError:
        # not a hybrid pool here: the hybrid cache is wherever the allocator points
        pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if not hasattr(pool, "translate_loc_from_full_to_swa"):
            return None
    return pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
