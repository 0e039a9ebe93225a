"""SWA pool resolution as an ordered chain of decorator-registered strategies.

Each strategy returns a pool, ``None`` ("not applicable") or ``STOP`` (resolution
ends with no SWA pool). ``resolve_swa_pool`` walks the chain in registration order.
"""

from __future__ import annotations

import logging
from typing import Callable, List, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

STOP = object()
_STRATEGIES: List[Callable[[object], object]] = []


def swa_strategy(fn: Callable[[object], object]) -> Callable[[object], object]:
    _STRATEGIES.append(fn)
    return fn


@swa_strategy
def _from_active_pool(model_runner):
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


@swa_strategy
def _frozen_kv_draft(model_runner):
    # Frozen-KV MTP drafts keep no hybrid cache of their own.
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return STOP
    return None


@swa_strategy
def _from_shared_allocator(model_runner):
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    for strategy in _STRATEGIES:
        result = strategy(model_runner)
        if result is STOP:
            return None
        if result is not None:
            logger.debug("swa pool resolved by %s", strategy.__name__)
            return result
    return None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
