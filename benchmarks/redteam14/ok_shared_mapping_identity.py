"""Backend that takes the SWA path only when its own pool registered the very mapping tensor the allocator maintains."""

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        pool_map = getattr(self.token_to_kv_pool, "full_to_swa_index_mapping", None)
        alloc_map = getattr(allocator, "full_to_swa_index_mapping", None)
        # register_mapping() hands the pool the allocator's tensor; a pool that
        # holds it is the pool those SWA indices point into.
        self.use_sliding_window_kv_pool = (
            isinstance(pool_map, torch.Tensor) and pool_map is alloc_map
        )

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
