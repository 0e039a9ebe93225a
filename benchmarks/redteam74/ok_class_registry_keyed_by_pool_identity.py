"""Full/sliding-window backend pair with a class-level layout registry.

Several backends are created per worker (one per cuda-graph batch size bucket), so the
sliding-window layout is computed once per KV cache and stored on the class. The registry is
keyed by the KV cache object itself; workers that own separate caches get separate entries.
"""

from __future__ import annotations

import logging
from typing import ClassVar, Dict, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class WindowLayoutRegistry:
    _layouts: ClassVar[Dict[int, Optional[SWAKVPool]]] = {}

    @classmethod
    def lookup(cls, kv_pool: KVCache) -> Optional[SWAKVPool]:
        key = id(kv_pool)
        if key not in cls._layouts:
            cls._layouts[key] = kv_pool if isinstance(kv_pool, SWAKVPool) else None
            logger.debug(
                "registered layout for pool %#x (swa=%s)", key, cls._layouts[key] is not None
            )
        return cls._layouts[key]


class DenseAttnBackend:
    def __init__(self, kv_pool: KVCache):
        self.kv_pool = kv_pool

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, loc


class WindowAttnBackend:
    def __init__(self, swa_pool: SWAKVPool):
        self.swa_pool = swa_pool

    def forward_decode(self, loc: torch.Tensor):
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, graph_bs: int = 1):
        self.graph_bs = graph_bs
        kv_pool = model_runner.token_to_kv_pool
        swa_pool = WindowLayoutRegistry.lookup(kv_pool)
        self.dense = DenseAttnBackend(kv_pool)
        self.window = WindowAttnBackend(swa_pool) if swa_pool is not None else None

    def forward_decode(self, loc: torch.Tensor):
        if self.window is not None:
            return self.window.forward_decode(loc)
        return self.dense.forward_decode(loc)
