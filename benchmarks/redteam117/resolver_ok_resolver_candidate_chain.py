"""Candidate-chain resolver for the sliding-window KV pool.

Each candidate returns ``(decided, pool)``.  The first candidate that decides
wins; this keeps every rule small and independently testable.
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

Decision = Tuple[bool, Optional[SWAKVPool]]
Candidate = Callable[[object], Decision]


def _from_active_pool(model_runner) -> Decision:
    pool = model_runner.token_to_kv_pool
    return (True, pool) if isinstance(pool, SWAKVPool) else (False, None)


def _draft_owns_dense_pool(model_runner) -> Decision:
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return True, None
    return False, None


def _from_allocator_cache(model_runner) -> Decision:
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return True, cache if isinstance(cache, SWAKVPool) else None


DEFAULT_CHAIN: Sequence[Candidate] = (
    _from_active_pool,
    _draft_owns_dense_pool,
    _from_allocator_cache,
)


def resolve(model_runner, chain: Sequence[Candidate] = DEFAULT_CHAIN) -> Optional[SWAKVPool]:
    for candidate in chain:
        decided, pool = candidate(model_runner)
        if decided:
            return pool
    return None


class GeneratedAttnBackend:
    """Decode backend resolving its SWA pool through ``DEFAULT_CHAIN``."""

    def __init__(self, model_runner, chain: Sequence[Candidate] = DEFAULT_CHAIN):
        self.dense_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve(model_runner, chain)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_pool
        if pool is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.dense_pool, loc
