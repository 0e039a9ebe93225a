"""Decode backend that runs KV capacity sanity checks at startup.

Checks performed once in ``__init__``:
  * the sliding-window capacity reported by the allocator never exceeds the
    full-attention capacity;
  * the active pool exposes a full->SWA mapping whenever it is hybrid;
  * the allocator has at least one free page.
Failures are collected in ``self.health_issues`` and logged as warnings.
"""

import logging
from typing import List

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = False):
        self.strict = strict
        self.page_size = model_runner.page_size
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.is_hybrid_swa = isinstance(self.kv_pool, SWAKVPool)
        self.health_issues: List[str] = []
        self._run_health_checks()

    def _run_health_checks(self) -> None:
        alloc = self.allocator
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            if alloc.size_swa > alloc.size_full:
                self.health_issues.append(
                    f"size_swa={alloc.size_swa} exceeds size_full={alloc.size_full}"
                )
        if self.is_hybrid_swa and self.kv_pool.full_to_swa_index_mapping is None:
            self.health_issues.append("hybrid pool has no full->swa mapping registered")
        if alloc.available_size() < self.page_size:
            self.health_issues.append("allocator has no free page at startup")

        for issue in self.health_issues:
            logger.warning("KV health check: %s", issue)
        if self.strict and self.health_issues:
            raise RuntimeError("; ".join(self.health_issues))

    @property
    def healthy(self) -> bool:
        return not self.health_issues

    def forward_decode(self, loc: torch.Tensor):
        if self.is_hybrid_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
