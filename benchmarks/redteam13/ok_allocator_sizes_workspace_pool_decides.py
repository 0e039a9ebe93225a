"""Backend that sizes its index workspace from the allocator and enables SWA reads from its own pool."""

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        # One slot per allocatable token, full and window slots alike.
        capacity = allocator.size + getattr(allocator, "size_swa", 0)
        self.index_workspace = torch.zeros(capacity, dtype=torch.int64)
        assert allocator.page_size == self.pool.page_size, "allocator/pool page size mismatch"
        self.use_sliding_window_kv_pool = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
