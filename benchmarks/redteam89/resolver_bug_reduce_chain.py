"""Decode backend with a reduce-driven SWA pool resolver.

The resolver is a chain of steps folded with ``functools.reduce``; each step either
leaves the accumulator untouched or settles it. Mirrors the resolution order used by
the hybrid-attention backends (active pool, draft special case, allocator cache).
"""

from __future__ import annotations

import functools
import logging
from typing import Any, Callable, Optional, Sequence, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_UNSET = object()
Step = Callable[[Any, Any], Any]


def _from_active_pool(acc, model_runner):
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else acc


def _draft_guard(acc, model_runner):
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    return acc


def _from_allocator(acc, model_runner):
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


_STEPS: Sequence[Step] = (_from_active_pool, _draft_guard, _from_allocator)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    def _fold(acc, step: Step):
        return acc if acc is not _UNSET else step(acc, model_runner)

    result = functools.reduce(_fold, _STEPS, _UNSET)
    return None if result is _UNSET else result


class GeneratedAttnBackend:
    """Hybrid SWA decode backend."""

    def __init__(self, model_runner, speculative_num_steps: int = 0):
        self.speculative_num_steps = speculative_num_steps
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        logger.info("resolved swa pool: %s", type(self.swa_kv_pool).__name__)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
