"""Decode backend whose abstract layout factory chooses the hybrid layout from the allocator kind."""

import abc
import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVLayout(abc.ABC):
    def __init__(self, pool):
        self.pool = pool

    @property
    @abc.abstractmethod
    def swa_pool(self) -> Optional[SWAKVPool]: ...

    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    @staticmethod
    def build(model_runner) -> "KVLayout":
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(pool, SWAKVPool):
            return SlidingLayout(pool, pool)
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            # e.g. pools wrapped for offloading still hand out hybrid indices
            return SlidingLayout(pool, allocator.get_kvcache())
        return DenseLayout(pool)


class DenseLayout(KVLayout):
    @property
    def swa_pool(self):
        return None


class SlidingLayout(KVLayout):
    def __init__(self, pool, swa_pool):
        super().__init__(pool)
        self._swa_pool = swa_pool

    @property
    def swa_pool(self):
        return self._swa_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.layout = KVLayout.build(model_runner)
        self.is_draft = model_runner.is_draft_worker
        logger.info("layout=%s draft=%s", type(self.layout).__name__, self.is_draft)

    def forward_decode(self, loc):
        pool = self.layout.swa_pool or self.layout.pool
        return pool, self.layout.locations(loc)
