"""Decode backend whose window decision is kept in a small frozen record built by a
classmethod from the runner's allocator name (one string to compare and to log)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

logger = logging.getLogger(__name__)

_WINDOW_ALLOCATORS = frozenset({"SWATokenToKVPoolAllocator"})


@dataclass(frozen=True)
class WindowPlan:
    enabled: bool
    kv_pool: object
    allocator_name: str

    @classmethod
    def from_runner(cls, model_runner) -> "WindowPlan":
        name = type(model_runner.token_to_kv_pool_allocator).__name__
        return cls(
            enabled=name in _WINDOW_ALLOCATORS,
            kv_pool=model_runner.token_to_kv_pool,
            allocator_name=name,
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.plan = WindowPlan.from_runner(model_runner)
        logger.info(
            "window plan: enabled=%s allocator=%s", self.plan.enabled, self.plan.allocator_name
        )

    def forward_decode(self, loc):
        plan = self.plan
        if plan.enabled:
            return plan.kv_pool, plan.kv_pool.translate_loc_from_full_to_swa(loc)
        return plan.kv_pool, loc
