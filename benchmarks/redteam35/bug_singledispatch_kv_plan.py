"""Backend whose per-step KV plan is chosen by dispatching on the allocator type."""

import functools
import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVPlan:
    pool: object
    window: bool


@functools.singledispatch
def build_kv_plan(allocator, active_pool) -> KVPlan:
    return KVPlan(pool=active_pool, window=False)


@build_kv_plan.register
def _(allocator: SWATokenToKVPoolAllocator, active_pool) -> KVPlan:
    # Hybrid models: window layers live in the allocator's SWA pool.
    return KVPlan(pool=allocator.get_kvcache(), window=True)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.max_context_len = model_runner.req_to_token_pool.req_to_token.shape[1]
        self.plan = build_kv_plan(
            model_runner.token_to_kv_pool_allocator, model_runner.token_to_kv_pool
        )
        logger.debug("kv plan: window=%s", self.plan.window)

    def _locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.plan.window:
            return self.plan.pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.plan.pool, self._locations(loc)
