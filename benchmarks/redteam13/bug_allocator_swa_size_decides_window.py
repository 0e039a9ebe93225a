"""Backend that sizes its index workspace from the allocator's window capacity and enables SWA reads when that capacity exists."""

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        # Window slots only exist on hybrid models; their count sizes the second half.
        self.swa_capacity = getattr(allocator, "size_swa", None)
        capacity = allocator.size + (self.swa_capacity or 0)
        self.index_workspace = torch.zeros(capacity, dtype=torch.int64)
        assert allocator.page_size == self.pool.page_size, "allocator/pool page size mismatch"
        self.use_sliding_window_kv_pool = self.swa_capacity is not None

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
