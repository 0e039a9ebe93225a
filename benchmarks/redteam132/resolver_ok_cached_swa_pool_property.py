"""Decode backend resolving its SWA pool lazily.

The SWA pool is resolved on first use through a cached property so that
backends constructed before the allocator registers its mapping still see the
final layout. The resolution order follows the shared upstream helper.
"""

import functools
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_deterministic: bool = False):
        self.model_runner = model_runner
        self.enable_deterministic = enable_deterministic

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        own = runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        via_allocator = runner.token_to_kv_pool_allocator.get_kvcache()
        return via_allocator if isinstance(via_allocator, SWAKVPool) else None

    @property
    def kv_pool(self):
        return self.model_runner.token_to_kv_pool

    def describe(self) -> dict:
        return {
            "kv_pool": type(self.kv_pool).__name__,
            "swa_kv_pool": type(self.swa_kv_pool).__name__ if self.swa_kv_pool else None,
            "deterministic": self.enable_deterministic,
        }

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        swa = self.swa_kv_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
