"""Decode backend exposing the sliding-window pool through an overridable property."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _SWADecodeBackendBase:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._decode_count = 0

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        return self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        self._decode_count += 1
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.kv_pool, loc
        return swa_pool.swa_kv_pool, swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(_SWADecodeBackendBase):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self._cached_swa_pool: Optional[SWAKVPool] = None

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        if self._cached_swa_pool is None:
            kvcache = self._allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                self._cached_swa_pool = kvcache
                logger.debug("Cached SWA pool (size_swa=%d)", kvcache.size_swa)
        return self._cached_swa_pool
