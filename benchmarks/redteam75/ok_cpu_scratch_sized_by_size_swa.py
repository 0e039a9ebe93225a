"""Decode backend that stages page tables through a pinned CPU scratch buffer.

The scratch is sized from the allocator's capacity (the window capacity when
the allocator tracks one, since that bounds how many SWA slots can be live),
capped to keep host memory modest.
"""

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_MAX_SCRATCH_TOKENS = 1 << 16


class GeneratedAttnBackend:
    def __init__(self, model_runner, scratch_dtype: torch.dtype = torch.int32):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            capacity = allocator.size_swa
        else:
            capacity = allocator.size
        n = max(self.page_size, min(int(capacity), _MAX_SCRATCH_TOKENS))
        self.cpu_scratch = torch.empty(n, dtype=scratch_dtype, device="cpu")

        self.token_to_kv_pool = model_runner.token_to_kv_pool

    def _stage(self, indices: torch.Tensor) -> torch.Tensor:
        n = min(indices.numel(), self.cpu_scratch.numel())
        self.cpu_scratch[:n].copy_(indices[:n].to("cpu", dtype=self.cpu_scratch.dtype))
        return self.cpu_scratch[:n]

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            out = pool.translate_loc_from_full_to_swa(loc)
        else:
            out = loc
        self._stage(out)
        return pool, out
