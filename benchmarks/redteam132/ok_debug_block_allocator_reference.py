"""Decode backend that, in debug builds, compares pool and allocator translations.

The allocator exposes ``translate_loc_from_full_to_swa`` too; in non-optimized
runs we use it as a reference for the pool-side result, but decoding always uses
the pool this runner owns.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        self.sliding_window_size = sliding_window_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def _reference_translation(self, loc: torch.Tensor) -> Optional[torch.Tensor]:
        if not isinstance(self.allocator, SWATokenToKVPoolAllocator):
            return None
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        swa_loc: Optional[torch.Tensor] = None
        if self.swa_kv_pool is not None:
            swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

        if __debug__:
            ref = self._reference_translation(loc)
            if ref is not None and swa_loc is not None:
                assert torch.equal(ref, swa_loc), (ref.tolist(), swa_loc.tolist())

        if swa_loc is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, swa_loc
