"""SWA pool resolution expressed as ordered (predicate, handler) pairs."""

from __future__ import annotations

import logging
from typing import Any, Callable, List, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

Predicate = Callable[[Any], bool]
Handler = Callable[[Any], Optional[SWAKVPool]]


def _active_is_swa(mr) -> bool:
    return isinstance(mr.token_to_kv_pool, SWAKVPool)


def _is_plain_draft(mr) -> bool:
    return bool(mr.is_draft_worker) and not mr.spec_algorithm.is_frozen_kv_mtp()


def _allocator_cache_is_swa(mr) -> bool:
    return isinstance(mr.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool)


SWA_POOL_RULES: List[Tuple[Predicate, Handler]] = [
    (_active_is_swa, lambda mr: mr.token_to_kv_pool),
    (_is_plain_draft, lambda mr: None),
    (_allocator_cache_is_swa, lambda mr: mr.token_to_kv_pool_allocator.get_kvcache()),
]


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    for predicate, handler in SWA_POOL_RULES:
        if predicate(model_runner):
            return handler(model_runner)
    return None


class GeneratedAttnBackend:
    """Decode backend for hybrid sliding-window models."""

    def __init__(self, model_runner, q_data_type: Optional[torch.dtype] = None):
        self.q_data_type = q_data_type
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.is_hybrid = self.swa_pool is not None
        logger.debug("hybrid swa decode: %s", self.is_hybrid)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        if not self.is_hybrid:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
