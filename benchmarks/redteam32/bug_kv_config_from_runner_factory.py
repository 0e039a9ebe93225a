"""Decode backend configured through a frozen KVCacheConfig built by a from_runner factory."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVCacheConfig:
    page_size: int
    kv_pool: object
    swa_pool: Optional[BaseSWAKVPool]

    @property
    def is_hybrid_swa(self) -> bool:
        return self.swa_pool is not None

    @classmethod
    def from_runner(cls, model_runner) -> "KVCacheConfig":
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        return cls(
            page_size=allocator.page_size,
            kv_pool=model_runner.token_to_kv_pool,
            swa_pool=kvcache if isinstance(kvcache, BaseSWAKVPool) else None,
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.config = KVCacheConfig.from_runner(model_runner)
        self.device = model_runner.device
        self.forward_metadata = None
        logger.info(
            "decode backend: page_size=%d hybrid_swa=%s",
            self.config.page_size,
            self.config.is_hybrid_swa,
        )

    def _pool_and_loc(self, loc: torch.Tensor):
        if self.config.is_hybrid_swa:
            swa_pool = self.config.swa_pool
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.config.kv_pool, loc

    def forward_decode(self, loc):
        pool, locations = self._pool_and_loc(loc)
        self.forward_metadata = {"kv_indices": locations, "page_size": self.config.page_size}
        return pool, locations
