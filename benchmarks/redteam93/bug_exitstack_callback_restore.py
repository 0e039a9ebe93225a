"""Decode backend that rebinds its pool for hybrid-SWA steps.

The rebinding is registered on an ``ExitStack`` as a restore callback, so
any early return inside the step still puts the original pool back.
"""

import contextlib
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_cuda_graph: bool = False):
        self.use_cuda_graph = use_cuda_graph
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def _is_sliding_window(self) -> bool:
        return hasattr(self.token_to_kv_pool_allocator, "size_swa")

    def _rebind(self, stack: contextlib.ExitStack, pool: KVCache) -> None:
        old = self.pool
        self.pool = pool
        stack.callback(setattr, self, "pool", old)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        with contextlib.ExitStack() as stack:
            stack.enter_context(torch.no_grad())
            if self._is_sliding_window():
                self._rebind(stack, self.token_to_kv_pool_allocator.get_kvcache())
                return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
            return self.pool, loc
