"""Backend that resolves its SWA pool and sizes its window budget from the allocator."""

import logging
from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class WindowBudget:
    swa_capacity: int
    swa_free: int

    @property
    def headroom(self) -> float:
        return self.swa_free / self.swa_capacity if self.swa_capacity else 0.0


def resolve_swa_pool(mr) -> Optional[SWAKVPool]:
    if isinstance(mr.token_to_kv_pool, SWAKVPool):
        return mr.token_to_kv_pool
    if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
        return None
    kv = mr.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool = resolve_swa_pool(model_runner)
        self.budget = self._budget()
        logger.info("swa=%s headroom=%.2f", self.swa_pool is not None, self.budget.headroom)

    def _budget(self) -> WindowBudget:
        alloc = self.allocator
        cap = int(getattr(alloc, "size_swa", alloc.size))
        free = int(getattr(alloc, "swa_available_size", alloc.available_size)())
        return WindowBudget(cap, free)

    def forward_decode(self, loc):
        self.budget = self._budget()
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
