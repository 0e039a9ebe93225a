"""Decode backend that logs whether this worker reads the allocator's own KV cache."""

import logging
from dataclasses import dataclass

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class PoolTopology:
    role: str
    shares_allocator_pool: bool
    pool_cls: str
    allocator_cls: str

    def describe(self) -> str:
        shared = "shares" if self.shares_allocator_pool else "owns"
        return f"{self.role} {shared} its KV pool ({self.pool_cls} via {self.allocator_cls})"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.topology = PoolTopology(
            role="draft" if model_runner.is_draft_worker else "target",
            shares_allocator_pool=allocator.get_kvcache() is self.pool,
            pool_cls=type(self.pool).__name__,
            allocator_cls=type(allocator).__name__,
        )
        logger.info(self.topology.describe())
        if self.topology.role == "draft" and self.topology.shares_allocator_pool:
            logger.warning("draft worker reads the target's KV cache directly")
        self.sliding = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.sliding:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
