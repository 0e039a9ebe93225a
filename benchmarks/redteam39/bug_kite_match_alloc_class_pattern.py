"""Decode backend that derives its KV plan from the allocator via structural matching."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from sglang.srt.mem_cache.allocator import PagedTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVPlan:
    layout: str
    page_size: int


def _plan_for(allocator) -> KVPlan:
    match allocator:
        case SWATokenToKVPoolAllocator(page_size=page_size):
            return KVPlan("hybrid_swa", page_size)
        case PagedTokenToKVPoolAllocator(page_size=page_size):
            return KVPlan("paged", page_size)
        case _:
            return KVPlan("token", 1)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.plan = _plan_for(self.allocator)
        logger.info("kv plan: %s", self.plan)

    def _translate(self, loc):
        match self.plan:
            case KVPlan(layout="hybrid_swa"):
                return self.allocator.translate_loc_from_full_to_swa(loc)
            case _:
                return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._translate(loc)
