"""Decode backend configured through a ``TypedDict`` describing its KV pool.

Sizes come from the pool this backend reads; the allocator only contributes the
free-slot count that is reported in the startup log line.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple, TypedDict

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class PoolConfig(TypedDict, total=False):
    hybrid_swa: bool
    swa_tokens: int
    page_size: int


def pool_config(pool: KVCache, page_size: int) -> PoolConfig:
    cfg: PoolConfig = {"hybrid_swa": False, "page_size": page_size}
    if isinstance(pool, SWAKVPool):
        cfg["hybrid_swa"] = True
        cfg["swa_tokens"] = pool.size_swa
    return cfg


class GeneratedAttnBackend:
    """Backend that reads the sliding-window sub-pool when the pool has one."""

    def __init__(self, model_runner, config: Optional[PoolConfig] = None) -> None:
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.config: PoolConfig = config or pool_config(self.kv_pool, model_runner.page_size)
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool
            if self.config.get("hybrid_swa") and isinstance(self.kv_pool, SWAKVPool)
            else None
        )
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info("pool config %s, %d slots free", self.config, allocator.available_size())

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
