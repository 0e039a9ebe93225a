"""Backend that logs KV-pool sharing and falls back to the allocator's cache for the window."""

import logging
from dataclasses import dataclass

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class PoolTopology:
    role: str
    shares_allocator_pool: bool

    def describe(self) -> str:
        shared = "shares" if self.shares_allocator_pool else "owns"
        return f"{self.role} {shared} its KV pool"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        self.topology = PoolTopology(
            role="draft" if model_runner.is_draft_worker else "target",
            shares_allocator_pool=kvcache is self.pool,
        )
        logger.info(self.topology.describe())
        self.swa_pool = self._resolve(kvcache)

    def _resolve(self, kvcache):
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if not self.topology.shares_allocator_pool:
            logger.debug("using the allocator's KV cache for window layers")
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
