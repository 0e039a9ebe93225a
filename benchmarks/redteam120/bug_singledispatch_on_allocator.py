"""Allocator-aware decode backend.

The decode path dispatches on the token allocator so that allocator families
which keep a secondary index space (e.g. sliding-window) can hand back the
buffers and indices they manage.  Dispatch is done with ``singledispatch`` so
out-of-tree allocators can register their own view.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache


class KVView(NamedTuple):
    pool: KVCache
    locations: torch.Tensor


@functools.singledispatch
def allocator_view(
    allocator: BaseTokenToKVPoolAllocator, pool: KVCache, loc: torch.Tensor
) -> KVView:
    return KVView(pool, loc)


@allocator_view.register(SWATokenToKVPoolAllocator)
def _swa_view(allocator: SWATokenToKVPoolAllocator, pool: KVCache, loc: torch.Tensor) -> KVView:
    swa_pool = allocator.get_kvcache()
    return KVView(swa_pool, allocator.translate_loc_from_full_to_swa(loc))


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc: torch.Tensor):
        view = allocator_view(self.token_to_kv_pool_allocator, self.token_to_kv_pool, loc)
        return view.pool, view.locations
