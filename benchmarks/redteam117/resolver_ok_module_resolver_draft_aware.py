"""Sliding-window KV pool resolution shared by attention backends.

Mirrors the resolution order used by the model runner: the active pool wins;
regular draft workers (which keep their own dense cache) get no SWA pool; other
runners may fall back to the cache registered on the shared allocator.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_private_kv_draft(model_runner) -> bool:
    return bool(model_runner.is_draft_worker) and not (
        model_runner.spec_algorithm.is_frozen_kv_mtp()
    )


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if _is_private_kv_draft(model_runner):
        return None
    backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(backing, SWAKVPool):
        return backing
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, resolver=resolve_swa_pool):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolver(model_runner)
        logger.debug(
            "swa pool resolved: %s", type(self.swa_pool).__name__ if self.swa_pool else None
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
