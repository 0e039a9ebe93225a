"""Decode backend dispatching index preparation on the allocator class."""

from __future__ import annotations

import logging
from typing import Callable, Dict

import torch
from sglang.srt.mem_cache.allocator import TokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


def _full_indices(allocator, loc: torch.Tensor) -> torch.Tensor:
    return loc


def _swa_indices(allocator, loc: torch.Tensor) -> torch.Tensor:
    return allocator.full_to_swa_index_mapping[loc].to(torch.int64)


_PREPARE: Dict[type, Callable] = {
    TokenToKVPoolAllocator: _full_indices,
    SWATokenToKVPoolAllocator: _swa_indices,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._prepare = _PREPARE.get(type(self.allocator), _full_indices)
        logger.debug("index preparation: %s", self._prepare.__name__)
        self.out_cache_loc = torch.zeros(
            model_runner.max_running_requests,
            dtype=torch.int64,
            device=model_runner.device,
        )

    def init_forward_metadata_capture_cuda_graph(self, bs, out_cache_loc):
        self.out_cache_loc[:bs].copy_(self._prepare(self.allocator, out_cache_loc))

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._prepare(self.allocator, loc)
