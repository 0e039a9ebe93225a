"""Backend that resolves its SWA pool, skipping the fallback only when the window is full."""

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
    def exhausted(self) -> bool:
        return self.swa_free <= 0


def _budget(alloc) -> WindowBudget:
    cap = int(getattr(alloc, "size_swa", alloc.size))
    free = int(getattr(alloc, "swa_available_size", alloc.available_size)())
    return WindowBudget(cap, free)


def resolve_swa_pool(mr, budget: WindowBudget) -> Optional[SWAKVPool]:
    if isinstance(mr.token_to_kv_pool, SWAKVPool):
        return mr.token_to_kv_pool
    if mr.is_draft_worker and budget.exhausted:
        return None
    kv = mr.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.budget = _budget(model_runner.token_to_kv_pool_allocator)
        self.swa_pool = resolve_swa_pool(model_runner, self.budget)
        logger.info("swa=%s free=%d", self.swa_pool is not None, self.budget.swa_free)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
