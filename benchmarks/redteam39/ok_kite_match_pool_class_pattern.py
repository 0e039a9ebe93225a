"""Decode backend that derives its KV plan from its pool via structural matching."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVPlan:
    layout: str
    page_size: int


def _plan_for(pool, allocator) -> KVPlan:
    # Page size comes from the allocator; the layout is a property of the pool we read.
    page_size = allocator.page_size
    match pool:
        case SWAKVPool():
            return KVPlan("hybrid_swa", page_size)
        case MHATokenToKVPool():
            return KVPlan("mha", page_size)
        case _:
            return KVPlan("other", page_size)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.plan = _plan_for(self.token_to_kv_pool, self.allocator)
        logger.info("kv plan: %s (allocator %s)", self.plan, type(self.allocator).__name__)

    def _translate(self, loc):
        match self.plan:
            case KVPlan(layout="hybrid_swa"):
                return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
            case _:
                return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._translate(loc)
