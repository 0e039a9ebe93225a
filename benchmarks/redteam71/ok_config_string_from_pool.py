"""Factory-selected decode helpers keyed by a KV layout string.

The layout string is computed from the runner's KV pool; the allocator's capacities are only
reported in the startup log.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _FullHelper:
    def __init__(self, pool: KVCache):
        self.pool = pool

    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        return loc


class _HybridSWAHelper(_FullHelper):
    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.pool.translate_loc_from_full_to_swa(loc)


_HELPERS: Dict[str, Callable[[KVCache], _FullHelper]] = {
    "full": _FullHelper,
    "hybrid_swa": _HybridSWAHelper,
}


def layout_name(pool: KVCache) -> str:
    return "hybrid_swa" if isinstance(pool, SWAKVPool) else "full"


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_layout: str = ""):
        pool = model_runner.token_to_kv_pool
        self.kv_layout = layout_name(pool)
        if kv_layout and kv_layout != self.kv_layout:
            logger.warning("kv_layout=%s requested but pool is %s", kv_layout, self.kv_layout)
        self.helper = _HELPERS[self.kv_layout](pool)
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "kv_layout=%s allocator=%s swa_capacity=%s",
            self.kv_layout,
            type(allocator).__name__,
            getattr(allocator, "size_swa", "n/a"),
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.helper.pool, self.helper.locations(loc)
