"""FlashInfer-like decode wrapper with allocator capacity assertions.

When the active KV pool is the hybrid ``SWAKVPool`` we assert that the allocator
never promises more sliding-window slots than the pool physically holds.
"""

from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 160):
        self.max_bs = max_bs
        self.device = model_runner.device
        active_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        self.pool = active_pool
        self.swa_pool = active_pool if isinstance(active_pool, SWAKVPool) else None

        if self.swa_pool is not None:
            assert isinstance(
                allocator, SWATokenToKVPoolAllocator
            ), f"SWAKVPool requires an SWA allocator, got {type(allocator).__name__}"
            assert allocator.size_swa <= self.swa_pool.size_swa, (
                allocator.size_swa,
                self.swa_pool.size_swa,
            )
            assert allocator.size_full <= self.swa_pool.size, (
                allocator.size_full,
                self.swa_pool.size,
            )

    def _kv_indices_for_decode(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        indices = self._kv_indices_for_decode(loc)
        pool = self.swa_pool if self.swa_pool is not None else self.pool
        return pool, indices
