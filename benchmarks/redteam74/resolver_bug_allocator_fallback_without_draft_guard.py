"""Attention backend wrapper for hybrid models with target and draft children.

The wrapper resolves the sliding-window pool once and shares it with both children. Workers
whose own cache is a plain pool fall back to the hybrid cache registered on the allocator.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _ChildBackend:
    def __init__(self, kv_pool, swa_pool: Optional[SWAKVPool], name: str):
        self.kv_pool = kv_pool
        self.swa_pool = swa_pool
        self.name = name

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class SpecHybridAttnWrapper:
    def __init__(self, model_runner, enable_draft_child: bool = True):
        self.model_runner = model_runner
        swa_pool = self._resolve_swa_pool()
        kv_pool = model_runner.token_to_kv_pool
        self.target_child = _ChildBackend(kv_pool, swa_pool, "target")
        self.draft_child = _ChildBackend(kv_pool, swa_pool, "draft") if enable_draft_child else None

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        kv_pool = self.model_runner.token_to_kv_pool
        if isinstance(kv_pool, SWAKVPool):
            return kv_pool
        fallback = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(fallback, SWAKVPool):
            logger.debug("using allocator-registered SWA pool")
            return fallback
        return None

    def forward_decode(self, loc: torch.Tensor):
        if self.model_runner.is_draft_worker and self.draft_child is not None:
            return self.draft_child.forward_decode(loc)
        return self.target_child.forward_decode(loc)


GeneratedAttnBackend = SpecHybridAttnWrapper
