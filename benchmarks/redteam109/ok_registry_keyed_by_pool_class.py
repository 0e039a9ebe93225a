"""Decode location planners keyed by KV pool type.

``_PLANNERS`` is populated at import time and maps each KV pool class to the
function that turns ``out_cache_loc`` into the locations the kernel reads.  Lookup
walks the pool's MRO so subclasses inherit their parent's planner.
"""

from typing import Callable, Dict, Tuple, Type

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

Planner = Callable[[KVCache, torch.Tensor], torch.Tensor]


def _plan_identity(pool: KVCache, loc: torch.Tensor) -> torch.Tensor:
    return loc


def _plan_sliding_window(pool: KVCache, loc: torch.Tensor) -> torch.Tensor:
    return pool.translate_loc_from_full_to_swa(loc)


_PLANNERS: Dict[Type, Planner] = {
    SWAKVPool: _plan_sliding_window,
    KVCache: _plan_identity,
}


def lookup_planner(pool: KVCache) -> Planner:
    for klass in type(pool).__mro__:
        planner = _PLANNERS.get(klass)
        if planner is not None:
            return planner
    return _plan_identity


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, use_cuda_graph: bool = True):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        # Used only to hand back scratch slots after CUDA-graph capture.
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._planner = lookup_planner(self.kv_pool)
        self.use_cuda_graph = use_cuda_graph

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        return self.kv_pool, self._planner(self.kv_pool, loc)
