"""FlashInfer-like decode wrapper with allocator capacity assertions.

For hybrid sliding-window models we assert the allocator's SWA and full
capacities before wiring the decode path to the hybrid KV cache.
"""

from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 160):
        self.max_bs = max_bs
        self.device = model_runner.device
        allocator = model_runner.token_to_kv_pool_allocator

        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = None

        if isinstance(allocator, SWATokenToKVPoolAllocator):
            hybrid_cache = allocator.get_kvcache()
            assert isinstance(hybrid_cache, SWAKVPool), type(hybrid_cache).__name__
            assert allocator.size_swa <= hybrid_cache.size_swa, (
                allocator.size_swa,
                hybrid_cache.size_swa,
            )
            assert allocator.size_full <= hybrid_cache.size, (
                allocator.size_full,
                hybrid_cache.size,
            )
            self.swa_pool = hybrid_cache

    def _kv_indices_for_decode(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        indices = self._kv_indices_for_decode(loc)
        pool = self.swa_pool if self.swa_pool is not None else self.pool
        return pool, indices
