"""Decode backend tolerant of wrapper pools (host offload, layer-split views).

Some deployments wrap the device pool in an adapter that forwards buffer
accessors. Starting from the runner's token pool, the backend peels those
adapters off until it reaches a pool exposing the sliding-window mapping.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache

_WRAPPED_ATTRS = ("inner_pool", "device_pool", "base_pool")


def unwrap_to_swa_view(pool: KVCache, max_depth: int = 4) -> Optional[BaseSWAKVPool]:
    current = pool
    for _ in range(max_depth):
        if isinstance(current, BaseSWAKVPool):
            return current
        for attr in _WRAPPED_ATTRS:
            inner = getattr(current, attr, None)
            if inner is not None:
                current = inner
                break
        else:
            return None
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_unwrap_depth: int = 4):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_view = unwrap_to_swa_view(self.token_to_kv_pool, max_unwrap_depth)
        self._allocator = model_runner.token_to_kv_pool_allocator

    def debug_string(self) -> str:
        return (
            f"pool={type(self.token_to_kv_pool).__name__} "
            f"swa_view={type(self.swa_view).__name__ if self.swa_view else None} "
            f"alloc_free={self._allocator.available_size()}"
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_view is None:
            return self.token_to_kv_pool, loc
        return self.swa_view, self.swa_view.translate_loc_from_full_to_swa(loc)
