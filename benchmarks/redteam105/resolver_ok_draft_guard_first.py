"""Hybrid SWA resolver that classifies the worker role before looking at pools.

Role is decided first: regular speculative drafts only ever attend over their own
pool; the target (and frozen-KV MTP drafts, which read target KV) may fall back to
the cache bound to the allocator.
"""

import enum
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _KVRole(enum.Enum):
    TARGET = "target"
    OWN_POOL_DRAFT = "own_pool_draft"
    FROZEN_KV_DRAFT = "frozen_kv_draft"


def _kv_role(model_runner) -> _KVRole:
    if not model_runner.is_draft_worker:
        return _KVRole.TARGET
    if model_runner.spec_algorithm.is_frozen_kv_mtp():
        return _KVRole.FROZEN_KV_DRAFT
    return _KVRole.OWN_POOL_DRAFT


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_role: bool = True):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.role = _kv_role(model_runner)
        self.swa_pool = self._resolve(model_runner)
        if log_role:
            logger.info("decode backend role=%s swa=%s", self.role.value, self.swa_pool is not None)

    def _resolve(self, model_runner) -> Optional[SWAKVPool]:
        if self.role is _KVRole.OWN_POOL_DRAFT:
            own = model_runner.token_to_kv_pool
            return own if isinstance(own, SWAKVPool) else None
        for cache in (
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator.get_kvcache(),
        ):
            if isinstance(cache, SWAKVPool):
                return cache
        return None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
