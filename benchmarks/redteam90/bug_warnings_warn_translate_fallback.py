"""Decode backend for interleaved full/SWA attention.

When the runner's pool is a plain MHA pool but the allocator is hybrid, the
locations are still handed out in full-pool coordinates, so we translate them
through the allocator and emit a one-time warning.
"""

import warnings
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    _warned = False

    def __init__(self, model_runner, layer_id: int = 0):
        self.layer_id = layer_id
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is not None:
            return self.swa_pool.translate_loc_from_full_to_swa(loc)
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            if not GeneratedAttnBackend._warned:
                warnings.warn(
                    "token_to_kv_pool is not an SWAKVPool but the allocator is hybrid; "
                    "translating decode locations through the allocator",
                    RuntimeWarning,
                    stacklevel=2,
                )
                GeneratedAttnBackend._warned = True
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_pool if self.swa_pool is not None else self.kv_pool
        return pool, self._translate(loc)
