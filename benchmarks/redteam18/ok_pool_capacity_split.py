"""Decides the sliding-window path from its own pool's size_swa; the allocator's size_swa is read only to size a scratch buffer."""

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        window_tokens = getattr(self.pool, "size_swa", None)
        self.use_sliding_window = window_tokens is not None and window_tokens <= self.pool.size
        # Scratch sized for the largest allocation the shared allocator can hand out.
        scratch_tokens = max(getattr(allocator, "size_swa", 0), allocator.size)
        self._scratch = torch.empty(scratch_tokens, dtype=torch.int64)

    def forward_decode(self, loc):
        if self.use_sliding_window and isinstance(self.pool, SWAKVPool):
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
