"""Pool locator used by the sliding-window decode backend.

``SWAPoolLocator`` tries a fixed chain of lookup strategies (declared on the
class) and stops at the first one that gives a definitive answer. The shared
allocator is consulted last, and only for runners that read the target's
cache (non-draft runners and frozen-KV MTP drafts).
"""

from __future__ import annotations

import logging
from typing import ClassVar, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_UNDECIDED = object()


class SWAPoolLocator:
    STRATEGIES: ClassVar[Tuple[str, ...]] = (
        "_from_active_pool",
        "_draft_owns_pool",
        "_from_shared_allocator",
    )

    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.decided_by: Optional[str] = None

    def _from_active_pool(self):
        pool = self.model_runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else _UNDECIDED

    def _draft_owns_pool(self):
        runner = self.model_runner
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        return _UNDECIDED

    def _from_shared_allocator(self):
        cache = self.allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def locate(self) -> Optional[SWAKVPool]:
        for name in self.STRATEGIES:
            result = getattr(self, name)()
            if result is not _UNDECIDED:
                self.decided_by = name
                return result
        return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, locator_cls=SWAPoolLocator):
        locator = locator_cls(model_runner)
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = locator.locate()
        logger.debug(
            "swa pool via %s (free=%d)", locator.decided_by, locator.allocator.available_size()
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
