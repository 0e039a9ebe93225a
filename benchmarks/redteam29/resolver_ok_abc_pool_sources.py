"""Backend that picks one of several abstract pool sources for its SWA pool, by the runner's role."""

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
        return model_runner.token_to_kv_pool


class SharedAllocatorSource(SWAPoolSource):
    """The cache behind the shared allocator: the target's, for targets and FROZEN_KV drafts."""

    name = "shared"

    def fetch(self, model_runner):
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class NoWindowSource(SWAPoolSource):
    name = "none"

    def fetch(self, model_runner):
        return None


def pick_source(model_runner) -> SWAPoolSource:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return ActivePoolSource()
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return NoWindowSource()
    return SharedAllocatorSource()


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
