"""Staged SWA pool resolution.

Resolution runs in two stages: the allocator's cache is consulted first (it is what
the radix cache writes through), then the runner's own pool. Drafts without their own
hybrid pool are skipped last. The outcome is cached in a small state object.
"""

import enum
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class ResolveState(enum.Enum):
    PENDING = "pending"
    HYBRID = "hybrid"
    FULL = "full"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.state = ResolveState.PENDING
        self.swa_pool: Optional[SWAKVPool] = None

    def _resolve(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
        pool = runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        return None

    def _advance(self) -> None:
        if self.state is ResolveState.PENDING:
            self.swa_pool = self._resolve()
            self.state = ResolveState.HYBRID if self.swa_pool is not None else ResolveState.FULL

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._advance()
        if self.state is ResolveState.HYBRID:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
