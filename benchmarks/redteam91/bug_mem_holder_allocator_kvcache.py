"""Decode attention with a small memory-handle holder.

``_MemHandles`` groups the memory objects the backend touches so that the
CUDA-graph runner can swap them in one assignment. The windowed cache is looked
up through the allocator handle, which knows the cache it hands indices for.
"""

from dataclasses import dataclass
from typing import Any, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class _MemHandles:
    allocator: Any
    pool: Any
    req_to_token: Any = None

    def windowed_cache(self) -> Optional[SWAKVPool]:
        cache = self.allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, use_cuda_graph: bool = False):
        super().__init__()
        self.mem = _MemHandles(
            allocator=model_runner.token_to_kv_pool_allocator,
            pool=model_runner.token_to_kv_pool,
            req_to_token=model_runner.req_to_token_pool,
        )
        self.use_cuda_graph = use_cuda_graph

    def forward_decode(self, loc: torch.Tensor):
        win = self.mem.windowed_cache()
        if win is None:
            return self.mem.pool, loc
        return win, win.translate_loc_from_full_to_swa(loc)
