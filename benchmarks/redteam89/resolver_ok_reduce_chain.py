"""Decode backend with a reduce-driven SWA pool resolver.

Resolution steps are folded with ``functools.reduce``; a step returns ``_PENDING`` to
pass, or a final answer (possibly ``None``) to settle the result.
"""

from __future__ import annotations

import functools
import logging
from typing import Any, Callable, Optional, Sequence, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_PENDING = object()


def _step_active(model_runner):
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else _PENDING


def _step_draft(model_runner):
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    return _PENDING


def _step_allocator(model_runner):
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


_RESOLUTION: Sequence[Callable[[Any], Any]] = (_step_active, _step_draft, _step_allocator)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    settled = functools.reduce(
        lambda acc, step: step(model_runner) if acc is _PENDING else acc,
        _RESOLUTION,
        _PENDING,
    )
    return None if settled is _PENDING else settled


class GeneratedAttnBackend:
    """Hybrid SWA decode backend sharing the resolver with the draft-extend path."""

    def __init__(self, model_runner, speculative_num_steps: int = 0):
        self.speculative_num_steps = speculative_num_steps
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        logger.info(
            "swa pool=%s steps=%d",
            type(self.swa_kv_pool).__name__,
            self.speculative_num_steps,
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
