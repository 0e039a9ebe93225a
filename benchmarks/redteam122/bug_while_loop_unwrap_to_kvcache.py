"""Decode backend that unwraps layered memory handles until it reaches the SWA cache.

Pools may be wrapped (host offload, hierarchical cache, allocator front-ends). The backend
walks the chain of handles breadth-first and stops at the first ``SWAKVPool``.
"""

import collections
import logging
from typing import Any, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_MAX_UNWRAP_DEPTH = 4


def _children(handle: Any):
    get_kvcache = getattr(handle, "get_kvcache", None)
    if callable(get_kvcache):
        yield get_kvcache()
    inner = getattr(handle, "device_pool", None)
    if inner is not None:
        yield inner


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.model_runner = model_runner
        self.topk = topk
        self.kv_pool: KVCache = model_runner.token_to_kv_pool

    def _locate_swa_pool(self) -> Optional[SWAKVPool]:
        queue = collections.deque(
            [(self.kv_pool, 0), (self.model_runner.token_to_kv_pool_allocator, 0)]
        )
        while queue:
            handle, depth = queue.popleft()
            if isinstance(handle, SWAKVPool):
                return handle
            if depth < _MAX_UNWRAP_DEPTH:
                queue.extend((child, depth + 1) for child in _children(handle))
        return None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self._locate_swa_pool()
        if swa_pool is None:
            return self.kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
