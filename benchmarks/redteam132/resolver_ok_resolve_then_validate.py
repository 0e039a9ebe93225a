"""Hybrid-aware decode backend with a resolver and a post-resolution validator.

``_resolve_swa_pool`` follows the upstream rule (own pool first, then the
allocator's cache only for non-draft runners or frozen-KV MTP drafts).
``_validate`` only reports on the allocator/pool pairing; it never changes
which pool is used.
"""

import logging
from typing import List, Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, page_size: Optional[int] = None):
        self.model_runner = model_runner
        self.page_size = page_size or model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool()
        for issue in self._validate():
            logger.warning("KV layout: %s", issue)

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        candidate = runner.token_to_kv_pool_allocator.get_kvcache()
        return candidate if isinstance(candidate, SWAKVPool) else None

    def _validate(self) -> List[str]:
        issues = []
        allocator = self.model_runner.token_to_kv_pool_allocator
        hybrid = isinstance(allocator, SWATokenToKVPoolAllocator)
        if hybrid and self.swa_pool is None:
            issues.append(f"hybrid allocator with full-only {type(self.kv_pool).__name__}")
        if self.swa_pool is not None and not hybrid:
            issues.append("SWA pool without an SWA allocator")
        return issues

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
