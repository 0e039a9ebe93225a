"""Backend built through a classmethod factory that only trusts the allocator off-draft."""

import logging
from dataclasses import dataclass
from typing import Any, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVSources:
    own_pool: Any
    swa_pool: Optional[SWAKVPool]
    page_size: int

    @classmethod
    def from_runner(cls, model_runner) -> "KVSources":
        own = model_runner.token_to_kv_pool
        page_size = model_runner.token_to_kv_pool_allocator.page_size
        if isinstance(own, SWAKVPool):
            return cls(own, own, page_size)
        if getattr(model_runner, "is_draft_worker", False):
            # draft workers share the target's allocator but not its buffers
            return cls(own, None, page_size)
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cls(own, kvcache if isinstance(kvcache, SWAKVPool) else None, page_size)

    @property
    def windowed(self) -> bool:
        return self.swa_pool is not None


class GeneratedAttnBackend:
    @classmethod
    def create(cls, model_runner) -> "GeneratedAttnBackend":
        return cls(model_runner)

    def __init__(self, model_runner):
        self.sources = KVSources.from_runner(model_runner)
        self.device = model_runner.device
        logger.info("kv sources: windowed=%s", self.sources.windowed)

    def forward_decode(self, loc):
        if self.sources.windowed:
            pool = self.sources.swa_pool
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.sources.own_pool, loc
