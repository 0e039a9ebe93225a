"""Gaudi backend whose resolver returns the SWA pool together with its index translator."""

from __future__ import annotations

import logging
from typing import Callable, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

Translator = Callable[[torch.Tensor], torch.Tensor]


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


def resolve_window(model_runner) -> Tuple[Optional[SWAKVPool], Translator]:
    """(pool to read for SWA layers, full->SWA translator) for this runner."""
    pool = model_runner.token_to_kv_pool
    if not isinstance(pool, SWAKVPool):
        spec = model_runner.spec_algorithm
        if model_runner.is_draft_worker and not spec.is_frozen_kv_mtp():
            return None, _identity
        pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if not isinstance(pool, SWAKVPool):
            return None, _identity
    return pool, pool.translate_loc_from_full_to_swa


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.window_pool, self.to_window = resolve_window(model_runner)
        logger.info(
            "Gaudi backend: window pool %s",
            "enabled" if self.window_pool is not None else "disabled",
        )

    def forward_decode(self, loc):
        pool = self.window_pool if self.window_pool is not None else self.kv_pool
        return pool, self.to_window(loc)
