"""Decode location planners keyed by token allocator type.

``_PLANNERS`` is populated at import time and maps each token allocator class to
the function that turns ``out_cache_loc`` into the locations the kernel reads.
Lookup walks the allocator's MRO so subclasses inherit their parent's planner.
"""

from typing import Callable, Dict, Tuple, Type

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

Planner = Callable[[object, torch.Tensor], torch.Tensor]


def _plan_identity(allocator, loc: torch.Tensor) -> torch.Tensor:
    return loc


def _plan_sliding_window(allocator, loc: torch.Tensor) -> torch.Tensor:
    return allocator.translate_loc_from_full_to_swa(loc)


_PLANNERS: Dict[Type, Planner] = {
    SWATokenToKVPoolAllocator: _plan_sliding_window,
    BaseTokenToKVPoolAllocator: _plan_identity,
}


def lookup_planner(allocator) -> Planner:
    for klass in type(allocator).__mro__:
        planner = _PLANNERS.get(klass)
        if planner is not None:
            return planner
    return _plan_identity


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, use_cuda_graph: bool = True):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._planner = lookup_planner(self.allocator)
        self.use_cuda_graph = use_cuda_graph

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        return self.kv_pool, self._planner(self.allocator, loc)
