"""Triton decode backend: sliding-window index plumbing.

The helpers below return ``(kv, is_swa)`` tuples so that the init path and the
CUDA-graph capture path stay in sync about which buffers are read.
"""

from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _classify(kv: KVCache) -> Tuple[KVCache, bool]:
    return kv, isinstance(kv, SWAKVPool)


def _locations_for(kv: KVCache, is_swa: bool, loc: torch.Tensor) -> torch.Tensor:
    if not is_swa:
        return loc
    return kv.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 160):
        self.max_bs = max_bs
        self.device = model_runner.device
        self.kv, self.is_swa = _classify(model_runner.token_to_kv_pool)
        # Kept for free-slot accounting in the scheduler debug dump.
        self._allocator = model_runner.token_to_kv_pool_allocator

    def debug_state(self) -> str:
        return f"is_swa={self.is_swa} free={self._allocator.available_size()}"

    def forward_decode(self, loc: torch.Tensor):
        return self.kv, _locations_for(self.kv, self.is_swa, loc)
