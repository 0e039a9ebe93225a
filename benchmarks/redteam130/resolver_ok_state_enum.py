"""Hybrid KV resolution driven by a small state machine.

The backend starts in ``UNRESOLVED`` and moves to ``WINDOWED`` or ``FULL_ONLY``
the first time a decode step needs the pool. ``invalidate`` sends it back to
``UNRESOLVED`` (called after weight/KV reloads). Resolution mirrors the
runner-level rule: the active pool wins; a speculative draft that owns its own
full-only pool never borrows the shared allocator's cache unless the draft is
a frozen-KV MTP head that reads the target cache directly.
"""

import enum
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVViewState(enum.Enum):
    UNRESOLVED = enum.auto()
    WINDOWED = enum.auto()
    FULL_ONLY = enum.auto()


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, eager_resolve: bool = False):
        self.model_runner = model_runner
        self.state = KVViewState.UNRESOLVED
        self._swa_pool: Optional[SWAKVPool] = None
        if eager_resolve:
            self._advance()

    def _advance(self) -> KVViewState:
        if self.state is KVViewState.UNRESOLVED:
            self._swa_pool = resolve_swa_pool(self.model_runner)
            self.state = (
                KVViewState.WINDOWED if self._swa_pool is not None else KVViewState.FULL_ONLY
            )
            logger.debug("kv view resolved: %s", self.state.name)
        return self.state

    def invalidate(self) -> None:
        self.state = KVViewState.UNRESOLVED
        self._swa_pool = None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self._advance() is KVViewState.WINDOWED:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
