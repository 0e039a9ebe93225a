"""SWA pool resolution for the hybrid decode backend.

Mirrors the worker-aware lookup: the active pool wins; draft workers that own
a separate full-attention cache never borrow the target's SWA pool, except for
frozen-KV MTP drafts, which read the target cache directly.
"""

from __future__ import annotations

import logging
from typing import Optional, Protocol, Tuple, runtime_checkable

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@runtime_checkable
class SWAPoolLike(Protocol):
    swa_kv_pool: KVCache

    def translate_loc_from_full_to_swa(self, kv_indices: torch.Tensor) -> torch.Tensor: ...


def resolve_swa_pool(model_runner) -> Optional[SWAPoolLike]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAPoolLike):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(backing, SWAPoolLike):
        return backing
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_logging: bool = False):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        if enable_logging:
            logger.info("swa pool resolved: %s", type(self.swa_pool).__name__)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
