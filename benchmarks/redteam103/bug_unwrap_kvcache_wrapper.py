"""Decode backend tolerant of wrapper pools (host offload, layer-split views).

Some deployments wrap the device pool in an adapter that forwards buffer
accessors. The backend peels those adapters off until it reaches a pool that
exposes the sliding-window mapping, or runs out of layers to peel.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache

_WRAPPED_ATTRS = ("inner_pool", "device_pool", "base_pool")
_MAX_UNWRAP_DEPTH = 4


def unwrap_to_swa_view(pool: KVCache) -> Optional[BaseSWAKVPool]:
    current = pool
    for _ in range(_MAX_UNWRAP_DEPTH):
        if isinstance(current, BaseSWAKVPool):
            return current
        nxt = next(
            (getattr(current, a) for a in _WRAPPED_ATTRS if getattr(current, a, None) is not None),
            None,
        )
        if nxt is None:
            return None
        current = nxt
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_unwrap_depth: int = _MAX_UNWRAP_DEPTH):
        self.max_unwrap_depth = max_unwrap_depth
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # The allocator's handle is the outermost registered pool; start there.
        registered = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.swa_view = unwrap_to_swa_view(registered)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_view is None:
            return self.token_to_kv_pool, loc
        return self.swa_view, self.swa_view.translate_loc_from_full_to_swa(loc)
