"""SWA pool resolution through a weakly referenced runner.

Mirrors the draft-aware resolution used by the hybrid backends: the active
pool wins, drafts are special-cased, and otherwise the allocator's shared
cache is used.
"""

from __future__ import annotations

import logging
import weakref
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(runner) -> Optional[SWAKVPool]:
    active = runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if runner.is_draft_worker and runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    shared = runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = 4096):
        self._runner = weakref.ref(model_runner)
        self.sliding_window_size = sliding_window_size
        self.swa_pool = resolve_swa_pool(model_runner)
        logger.debug("resolved swa pool: %s", self.swa_pool is not None)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        runner = self._runner()
        return runner.token_to_kv_pool, loc
