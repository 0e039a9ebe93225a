"""Decode location remapping built with ``functools.partial``.

The remap step is bound at init time.  For hybrid caches the full->SWA mapping
is applied through the allocator, which holds the authoritative index mapping;
otherwise locations pass through untouched.
"""

from __future__ import annotations

import functools
from typing import Callable

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _remap_with(allocator: BaseTokenToKVPoolAllocator, loc: torch.Tensor) -> torch.Tensor:
    return allocator.translate_loc_from_full_to_swa(loc)


def _passthrough(loc: torch.Tensor) -> torch.Tensor:
    return loc


def make_loc_remapper(model_runner) -> Callable[[torch.Tensor], torch.Tensor]:
    allocator = model_runner.token_to_kv_pool_allocator
    if isinstance(allocator.get_kvcache(), SWAKVPool):
        return functools.partial(_remap_with, allocator)
    return _passthrough


class GeneratedAttnBackend:
    """Attention backend whose decode step uses a pre-bound location remapper."""

    def __init__(self, model_runner, remapper_factory=make_loc_remapper):
        self.kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool
        self.remap_loc = remapper_factory(model_runner)

    def init_forward_metadata(self, forward_batch=None) -> None:
        # Nothing to precompute for the decode-only path.
        return None

    def forward_decode(self, loc: torch.Tensor):
        locations = self.remap_loc(loc)
        return self.kv_pool, locations
