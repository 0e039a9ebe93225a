"""Shared sliding-window pool lookup for target and draft attention backends.

Speculative workers share one token allocator with the target, so the hybrid pool lookup is
memoized per allocator and reused by every backend built on top of it.
"""

from __future__ import annotations

import logging
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_SWA_POOL_BY_ALLOCATOR: Dict[int, Optional[SWAKVPool]] = {}


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    allocator = model_runner.token_to_kv_pool_allocator
    key = id(allocator)
    if key not in _SWA_POOL_BY_ALLOCATOR:
        kvcache = allocator.get_kvcache()
        _SWA_POOL_BY_ALLOCATOR[key] = kvcache if isinstance(kvcache, SWAKVPool) else None
        logger.debug("cached swa pool for allocator %#x: %s", key, type(kvcache).__name__)
    return _SWA_POOL_BY_ALLOCATOR[key]


class TargetWindowBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class DraftWindowBackend(TargetWindowBackend):
    """Draft steps reuse the target's lookup; only the step count differs."""

    def __init__(self, model_runner, num_steps: int = 1):
        super().__init__(model_runner)
        self.num_steps = num_steps


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        cls = DraftWindowBackend if model_runner.is_draft_worker else TargetWindowBackend
        self.backend = cls(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self.backend.forward_decode(loc)
