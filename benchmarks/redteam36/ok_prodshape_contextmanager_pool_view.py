"""Decode backend with a scoped active-pool view; SWA resolution follows the active pool."""

import contextlib
import logging
from typing import Iterator, Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = int(getattr(self._allocator, "page_size", 1) or 1)

    @contextlib.contextmanager
    def active_pool(self, pool) -> Iterator[None]:
        """Temporarily read another pool (used by verify paths that share KV)."""
        saved = self.token_to_kv_pool
        self.token_to_kv_pool = pool
        try:
            yield
        finally:
            self.token_to_kv_pool = saved

    def _swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def _locations(self, loc: torch.Tensor) -> torch.Tensor:
        swa_pool = self._swa_pool()
        if swa_pool is None:
            return loc
        return swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        with self.active_pool(self.token_to_kv_pool):
            locations = self._locations(loc)
            pool = self.token_to_kv_pool
        if logger.isEnabledFor(logging.DEBUG):
            logger.debug(
                "decode on %s (allocator %s, free=%d)",
                type(pool).__name__,
                type(self._allocator).__name__,
                self._allocator.available_size(),
            )
        return pool, locations
