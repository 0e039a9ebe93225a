"""Paged hybrid-attention decode backend.

Three layers: ``_HybridDecodeBackend`` defines the decode template,
``_PagedHybridDecodeBackend`` adds page bookkeeping, and the leaf backend picks
the KV cache it reads. The allocator is only consulted for capacity logging.
"""

from __future__ import annotations

import abc
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _HybridDecodeBackend(abc.ABC):
    def __init__(self, model_runner) -> None:
        self.model_runner = model_runner
        self.kv_pool: KVCache = self.select_kv_pool(model_runner)
        self.swa_pool: Optional[SWAKVPool] = self.select_swa_pool(self.kv_pool)

    @abc.abstractmethod
    def select_kv_pool(self, model_runner) -> KVCache: ...

    def select_swa_pool(self, kv_pool: KVCache) -> Optional[SWAKVPool]:
        return kv_pool if isinstance(kv_pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class _PagedHybridDecodeBackend(_HybridDecodeBackend):
    def __init__(self, model_runner) -> None:
        super().__init__(model_runner)
        self.page_size = model_runner.page_size
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "paged hybrid decode: page_size=%d free_slots=%d",
            self.page_size,
            allocator.available_size(),
        )

    def num_pages(self, num_tokens: int) -> int:
        return (num_tokens + self.page_size - 1) // self.page_size


class GeneratedAttnBackend(_PagedHybridDecodeBackend):
    def select_kv_pool(self, model_runner) -> KVCache:
        return model_runner.token_to_kv_pool
