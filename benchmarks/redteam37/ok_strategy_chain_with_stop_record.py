"""Decode backend that resolves its SWA pool through an ordered chain of small strategy records."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class PoolChoice:
    pool: Optional[SWAKVPool]
    source: str
    final: bool = True


_UNDECIDED = PoolChoice(None, "undecided", final=False)


def _from_active_pool(model_runner) -> PoolChoice:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return PoolChoice(pool, "active")
    return _UNDECIDED


def _from_draft_role(model_runner) -> PoolChoice:
    # Regular drafts keep their own full pool; only FROZEN_KV MTP attends
    # over the target's cache.
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return PoolChoice(None, "draft-own-pool")
    return _UNDECIDED


def _from_shared_allocator(model_runner) -> PoolChoice:
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return PoolChoice(kvcache, "allocator")
    return PoolChoice(None, "full-only")


STRATEGIES: Sequence[Callable[[object], PoolChoice]] = (
    _from_active_pool,
    _from_draft_role,
    _from_shared_allocator,
)


def choose_swa_pool(model_runner) -> PoolChoice:
    for strategy in STRATEGIES:
        choice = strategy(model_runner)
        if choice.final:
            return choice
    return PoolChoice(None, "none")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        choice = choose_swa_pool(model_runner)
        self.swa_kv_pool = choice.pool
        logger.info("swa pool source: %s", choice.source)

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
