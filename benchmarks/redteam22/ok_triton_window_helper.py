"""Triton-style backend whose sliding-window kv indices come from a shared module-level helper."""


def update_sliding_window_indices(kv_indices, token_to_kv_pool=None):
    # full to swa index mapping
    if hasattr(token_to_kv_pool, "translate_loc_from_full_to_swa"):
        return token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)
    return kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        window_kv_indices = update_sliding_window_indices(
            loc, token_to_kv_pool=self.token_to_kv_pool
        )
        return self.token_to_kv_pool, window_kv_indices
