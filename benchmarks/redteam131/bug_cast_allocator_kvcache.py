"""Sliding-window aware decode metadata for hybrid attention models."""

import logging
from dataclasses import dataclass
from typing import Optional, Tuple, cast

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeKVMetadata:
    kv_pool: KVCache
    swa_pool: Optional[SWAKVPool] = None

    @property
    def is_hybrid(self) -> bool:
        return self.swa_pool is not None


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        allocator = model_runner.token_to_kv_pool_allocator

        swa_pool: Optional[SWAKVPool] = None
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            # The SWA allocator always fronts an SWAKVPool.
            swa_pool = cast(SWAKVPool, allocator.get_kvcache())

        self.metadata = DecodeKVMetadata(
            kv_pool=swa_pool if swa_pool is not None else model_runner.token_to_kv_pool,
            swa_pool=swa_pool,
        )
        logger.debug("hybrid swa decode: %s", self.metadata.is_hybrid)

    def _decode_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.metadata.is_hybrid:
            return self.metadata.swa_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.metadata.kv_pool, self._decode_indices(loc)
