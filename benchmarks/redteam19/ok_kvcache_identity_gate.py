"""Uses the allocator's SWA mapping as a hint but takes the SWA path only if the allocator's kvcache is its own pool."""


def _owns_hybrid_allocator(model_runner) -> bool:
    allocator = model_runner.token_to_kv_pool_allocator
    if getattr(allocator, "full_to_swa_index_mapping", None) is None:
        return False
    return allocator.get_kvcache() is model_runner.token_to_kv_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa = _owns_hybrid_allocator(model_runner)

    def forward_decode(self, loc):
        if self._swa:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
