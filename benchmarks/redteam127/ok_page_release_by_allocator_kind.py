"""Decode backend for hybrid sliding-window models with allocator-aware page release.

When a request's window slides past a page, the sliding-window half of the
allocator can give that page back early. Only the hybrid allocator exposes
``free_swa``; plain allocators release everything through ``free``.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.sliding_window_size = sliding_window_size
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool

        # Page release strategy only; buffer selection is done on kv_pool below.
        self._early_swa_release = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        self._swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        logger.debug(
            "early SWA release=%s, swa buffers=%s",
            self._early_swa_release,
            self._swa_pool is not None,
        )

    def release_out_of_window(self, stale_indices: torch.Tensor) -> None:
        """Return pages that fell out of the sliding window."""
        if stale_indices.numel() == 0:
            return
        if self._early_swa_release:
            self.allocator.free_swa(stale_indices)
        else:
            self.allocator.free(stale_indices)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self._swa_pool is None:
            return self.kv_pool, loc
        return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
