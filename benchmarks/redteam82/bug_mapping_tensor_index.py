"""Vectorised full->SWA index remap for the decode backend.

Instead of calling through the pool per layer, the backend gathers directly from the
allocator's ``full_to_swa_index_mapping`` once per step and reuses the result for
every layer.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_layers: int = 1):
        self.num_layers = num_layers
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.full_to_swa: Optional[torch.Tensor] = getattr(
            allocator, "full_to_swa_index_mapping", None
        )
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self._cached_loc: Optional[torch.Tensor] = None

    def _remap(self, loc: torch.Tensor) -> torch.Tensor:
        if self.full_to_swa is None:
            return loc
        self._cached_loc = self.full_to_swa[loc].to(torch.int64)
        return self._cached_loc

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_pool if self.swa_pool is not None else self.kv_pool
        return pool, self._remap(loc)
