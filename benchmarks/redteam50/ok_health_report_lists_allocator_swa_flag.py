"""Attention backend exposing a health report for the /health_generate debug endpoint."""

import logging
from dataclasses import asdict, dataclass

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class HealthReport:
    allocator_cls: str
    allocator_is_swa: bool
    pool_cls: str
    pool_is_swa: bool
    free_tokens: int
    draft: bool

    def problems(self):
        issues = []
        if self.free_tokens == 0:
            issues.append("kv cache exhausted")
        if self.allocator_is_swa and not self.pool_is_swa and not self.draft:
            issues.append("hybrid allocator paired with a full-only pool")
        return issues


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.pool = model_runner.token_to_kv_pool
        self.report = self._build_report()
        for issue in self.report.problems():
            logger.warning("attention backend health: %s", issue)

    def _build_report(self) -> HealthReport:
        alloc = self.model_runner.token_to_kv_pool_allocator
        return HealthReport(
            allocator_cls=type(alloc).__name__,
            allocator_is_swa=isinstance(alloc, SWATokenToKVPoolAllocator),
            pool_cls=type(self.pool).__name__,
            pool_is_swa=isinstance(self.pool, SWAKVPool),
            free_tokens=int(alloc.available_size()),
            draft=bool(getattr(self.model_runner, "is_draft_worker", False)),
        )

    def health(self) -> dict:
        self.report.free_tokens = int(self.model_runner.token_to_kv_pool_allocator.available_size())
        return asdict(self.report)

    def init_forward_metadata(self, forward_batch):
        self.cache_loc = forward_batch.out_cache_loc

    def forward_decode(self, loc):
        if self.report.pool_is_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
