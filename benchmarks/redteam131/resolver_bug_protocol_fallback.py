"""SWA pool resolution for the hybrid decode backend.

``resolve_swa_pool`` first looks at the pool the runner hands the backend and
then at the allocator's backing cache, accepting anything that satisfies the
``SWAPoolLike`` protocol.
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
    backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(backing, SWAPoolLike):
        logger.debug("resolve_swa_pool: using allocator backing cache")
        return backing
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_logging: bool = False):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        if enable_logging:
            logger.info("swa pool resolved: %s", self.swa_pool is not None)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
