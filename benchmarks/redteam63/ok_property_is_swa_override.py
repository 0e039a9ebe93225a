"""Decode backend whose sliding-window mode is exposed as an ``is_swa`` property.

The base implementation derives the mode from the allocator; this backend
derives it from the KV pool it attends over.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class _DecodeState:
    loc: torch.Tensor
    read_loc: torch.Tensor


class _AllocatorAwareBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.state: Optional[_DecodeState] = None

    @property
    def is_swa(self) -> bool:
        return isinstance(self.allocator, SWATokenToKVPoolAllocator)

    def _prepare(self, loc: torch.Tensor) -> _DecodeState:
        read_loc = self.allocator.translate_loc_from_full_to_swa(loc) if self.is_swa else loc
        return _DecodeState(loc=loc, read_loc=read_loc)

    def forward_decode(self, loc: torch.Tensor):
        self.state = self._prepare(loc)
        return self.kv_pool, self.state.read_loc


class GeneratedAttnBackend(_AllocatorAwareBackend):
    @property
    def is_swa(self) -> bool:
        return isinstance(self.kv_pool, SWAKVPool)

    def available_tokens(self) -> int:
        if self.is_swa:
            return min(self.allocator.full_available_size(), self.allocator.swa_available_size())
        return self.allocator.available_size()
