"""Sliding-window decode backend with debug-mode allocator invariants.

With ``check_invariants`` enabled the backend verifies, every decode step,
that the allocator's free count stays within capacity and that the step's
locations are inside the full index range. Violations raise immediately.
"""

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class AllocatorInvariantError(AssertionError):
    pass


class GeneratedAttnBackend:
    def __init__(self, model_runner, check_invariants: bool = True):
        self.check_invariants = check_invariants
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool

    def _capacity_bounds(self):
        alloc = self.allocator
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            return [
                ("full", alloc.full_available_size(), alloc.size_full),
                ("swa", alloc.swa_available_size(), alloc.size_swa),
            ]
        return [("full", alloc.available_size(), alloc.size_full)]

    def verify(self, loc: torch.Tensor) -> None:
        for label, free, cap in self._capacity_bounds():
            if free > cap:
                raise AllocatorInvariantError(f"{label}: free {free} exceeds capacity {cap}")
        if loc.numel() and int(loc.max()) > self.allocator.size_full + self.allocator.page_size:
            raise AllocatorInvariantError(f"loc {int(loc.max())} out of range")

    def forward_decode(self, loc: torch.Tensor):
        if self.check_invariants:
            self.verify(loc)
        pool = self.pool
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
