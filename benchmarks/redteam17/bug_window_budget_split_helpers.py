"""Backend whose SWA condition is split over two helpers: a server flag and the allocator's full vs SWA free budgets."""


def _hybrid_memory_enabled(server_args) -> bool:
    return not getattr(server_args, "disable_hybrid_swa_memory", False)


def _has_separate_window_budget(allocator) -> bool:
    swa_free = getattr(allocator, "swa_available_size", None)
    if swa_free is None:
        return False
    return allocator.full_available_size() != swa_free()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        enabled = _hybrid_memory_enabled(model_runner.server_args)
        split_budget = _has_separate_window_budget(model_runner.token_to_kv_pool_allocator)
        self.sliding_window_active = enabled and split_budget

    def forward_decode(self, loc):
        if not self.sliding_window_active:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
