"""Decode backend whose SWA pool is resolved through a cache planner.

``_CachePlanner`` sizes the decode budget from the allocator; it also reports
whether the allocator fronts a hybrid cache, which ``_resolve_swa_pool`` uses
to pick the window pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _CachePlanner:
    def __init__(self, allocator, safety_margin: int = 64):
        self.allocator = allocator
        self.safety_margin = safety_margin

    @property
    def hybrid(self) -> bool:
        return isinstance(self.allocator, SWATokenToKVPoolAllocator)

    def decode_budget(self) -> int:
        if self.hybrid:
            free = min(
                int(self.allocator.full_available_size()),
                int(self.allocator.swa_available_size()),
            )
        else:
            free = int(self.allocator.available_size())
        return max(0, free - self.safety_margin)


def _resolve_swa_pool(model_runner, planner: _CachePlanner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if planner.hybrid:
        return planner.allocator.get_kvcache()
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, safety_margin: int = 64):
        self.planner = _CachePlanner(model_runner.token_to_kv_pool_allocator, safety_margin)
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = _resolve_swa_pool(model_runner, self.planner)

    def forward_decode(self, loc: torch.Tensor):
        if self.planner.decode_budget() == 0:
            logger.warning("decode budget exhausted")
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
