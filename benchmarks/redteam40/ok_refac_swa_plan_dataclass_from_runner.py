"""Decode backend whose window decision is kept in a small frozen record built by a
classmethod; the record also carries the allocator's class name for logs."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class WindowPlan:
    enabled: bool
    kv_pool: object
    allocator_name: str

    @classmethod
    def from_runner(cls, model_runner) -> "WindowPlan":
        pool = model_runner.token_to_kv_pool
        return cls(
            enabled=isinstance(pool, SWAKVPool),
            kv_pool=pool,
            allocator_name=type(model_runner.token_to_kv_pool_allocator).__name__,
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.plan = WindowPlan.from_runner(model_runner)
        logger.info(
            "window plan: enabled=%s pool=%s allocator=%s",
            self.plan.enabled,
            type(self.plan.kv_pool).__name__,
            self.plan.allocator_name,
        )

    def forward_decode(self, loc):
        plan = self.plan
        if plan.enabled:
            return plan.kv_pool, plan.kv_pool.translate_loc_from_full_to_swa(loc)
        return plan.kv_pool, loc
