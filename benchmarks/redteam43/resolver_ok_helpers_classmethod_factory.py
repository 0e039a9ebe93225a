"""Hybrid-SWA decode backend; the SWA pool is resolved by a window-state classmethod factory."""

import logging
from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class SWAWindowState:
    swa_pool: Optional[SWAKVPool]
    swa_budget: int = 0

    @classmethod
    def from_runner(cls, model_runner) -> "SWAWindowState":
        allocator = model_runner.token_to_kv_pool_allocator
        budget = getattr(allocator, "size_swa", 0)
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return cls(active, budget)
        algo = getattr(model_runner, "spec_algorithm", None)
        frozen = bool(algo is not None and getattr(algo, "is_frozen_kv_mtp", lambda: False)())
        if model_runner.is_draft_worker and not frozen:
            return cls(None, budget)
        kv = allocator.get_kvcache()
        return cls(kv if isinstance(kv, SWAKVPool) else None, budget)

    @property
    def enabled(self) -> bool:
        return self.swa_pool is not None

    def translate(self, loc):
        return self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.window = SWAWindowState.from_runner(model_runner)
        logger.info(
            "window state: enabled=%s swa_budget=%d", self.window.enabled, self.window.swa_budget
        )

    def forward_decode(self, loc):
        if self.window.enabled:
            return self.window.swa_pool, self.window.translate(loc)
        return self.pool, loc
