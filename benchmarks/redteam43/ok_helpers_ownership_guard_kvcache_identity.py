"""Decode backend with an ownership guard: SWA translation only when the runner owns the cache."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class OwnershipReport:
    owns_allocator_cache: bool
    allocator_kind: str
    swa_slots: int


class KVOwnershipGuard:
    """Tells whether the allocator's backing kv cache is the pool this runner reads."""

    def __init__(self, pool, allocator):
        self.pool = pool
        self.allocator = allocator

    def report(self) -> OwnershipReport:
        backing = self.allocator.get_kvcache()
        return OwnershipReport(
            owns_allocator_cache=backing is self.pool,
            allocator_kind=type(self.allocator).__name__,
            swa_slots=getattr(self.allocator, "size_swa", 0),
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.guard = KVOwnershipGuard(self.pool, allocator)
        report = self.guard.report()
        self.translate_window = report.owns_allocator_cache and isinstance(
            allocator, SWATokenToKVPoolAllocator
        )
        if not report.owns_allocator_cache:
            logger.info("allocator %s backs another pool; reading own pool", report.allocator_kind)
        assert not self.translate_window or isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        if self.translate_window:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
