"""Backend that picks one of several abstract pool sources for its SWA pool, keyed by the draft flag."""

import abc
import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolSource(abc.ABC):
    name = "abstract"

    @abc.abstractmethod
    def fetch(self, model_runner) -> Optional[SWAKVPool]: ...


class ActivePoolSource(SWAPoolSource):
    name = "active"

    def fetch(self, model_runner):
        pool = model_runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None


class SharedAllocatorSource(SWAPoolSource):
    """Draft workers are wired to the target's allocator; use the cache behind it."""

    name = "shared"

    def fetch(self, model_runner):
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


_SOURCE_BY_DRAFT_FLAG = {
    False: ActivePoolSource,
    True: SharedAllocatorSource,
}


def pick_source(model_runner) -> SWAPoolSource:
    return _SOURCE_BY_DRAFT_FLAG[bool(model_runner.is_draft_worker)]()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        source = pick_source(model_runner)
        self.swa_kv_pool = source.fetch(model_runner)
        logger.info("SWA pool from %s source", source.name)

    def forward_decode(self, loc):
        swa_pool = self.swa_kv_pool
        if swa_pool is None:
            return self.token_to_kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
