"""Sliding-window decode backend with explicit configuration errors.

When a caller forces sliding-window decode on a worker whose KV pool has no SWA region, the
error names the pool and the allocator so mismatched launches are easy to diagnose.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SlidingWindowConfigError(RuntimeError):
    pass


class GeneratedAttnBackend:
    def __init__(self, model_runner, require_swa: Optional[bool] = None):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        if require_swa and self.swa_pool is None:
            raise SlidingWindowConfigError(
                f"sliding-window decode requested but pool is {type(self.kv_pool).__name__} "
                f"(allocator {type(self.allocator).__name__}, "
                f"size_swa={getattr(self.allocator, 'size_swa', 'n/a')})"
            )

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            raise SlidingWindowConfigError(
                f"no SWA region on {type(self.kv_pool).__name__}; "
                f"allocator={type(self.allocator).__name__}"
            )
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self._swa_locations(loc)
