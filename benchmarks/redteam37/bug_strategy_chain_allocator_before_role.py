"""Decode backend that resolves its SWA pool through a registered list of strategies."""

import logging
from dataclasses import dataclass
from typing import Callable, List, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class PoolChoice:
    pool: Optional[SWAKVPool]
    source: str


_STRATEGIES: List[Callable[[object], Optional[PoolChoice]]] = []


def strategy(fn):
    _STRATEGIES.append(fn)
    return fn


@strategy
def _active(model_runner):
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return PoolChoice(pool, "active")
    return None


@strategy
def _shared(model_runner):
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return PoolChoice(kvcache, "allocator")
    return None


@strategy
def _draft(model_runner):
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return PoolChoice(None, "draft")
    return None


def choose(model_runner) -> PoolChoice:
    for fn in _STRATEGIES:
        choice = fn(model_runner)
        if choice is not None:
            return choice
    return PoolChoice(None, "full")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        choice = choose(model_runner)
        self.swa_kv_pool = choice.pool
        logger.info("swa pool from %s", choice.source)

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
