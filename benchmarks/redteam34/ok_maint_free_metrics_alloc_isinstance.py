"""Decode backend with per-step KV free-slot metrics; SWA decode follows the runner's pool."""

import logging
from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.utils import get_int_env_var

logger = logging.getLogger(__name__)

_METRICS_INTERVAL = get_int_env_var("SGLANG_ATTN_METRICS_INTERVAL", 0)


@dataclass
class FreeSlots:
    full: int
    swa: Optional[int] = None


def free_slots(allocator) -> FreeSlots:
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        return FreeSlots(full=allocator.full_available_size(), swa=allocator.swa_available_size())
    return FreeSlots(full=allocator.available_size())


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self._steps = 0
        if isinstance(self.allocator, SWATokenToKVPoolAllocator) and self.swa_pool is None:
            logger.info("SWA allocator over a full-only pool (draft worker?); SWA decode off")

    def _maybe_report(self):
        self._steps += 1
        if _METRICS_INTERVAL and self._steps % _METRICS_INTERVAL == 0:
            logger.info("kv free slots: %s", free_slots(self.allocator))

    def forward_decode(self, loc):
        self._maybe_report()
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
