"""Decode KV view with page-size-aware reconfiguration.

``_ensure_configured`` runs before each decode step and calls ``reconfigure``
whenever the runner's page size differs from the one the view was built for
(it always does on the first step). ``_resolve_swa_pool`` prefers the active
pool and falls back to the cache registered on the token allocator for
runners whose pool wrapper hides the hybrid layout.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = False):
        self.model_runner = model_runner
        self.verbose = verbose
        self._configured_page_size: Optional[int] = None
        self._swa_pool: Optional[SWAKVPool] = None

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        fallback = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(fallback, SWAKVPool):
            return fallback
        return None

    def reconfigure(self, page_size: int) -> None:
        self._configured_page_size = page_size
        self._swa_pool = self._resolve_swa_pool()
        if self.verbose:
            logger.info("reconfigured page_size=%d swa=%s", page_size, self._swa_pool is not None)

    def _ensure_configured(self) -> None:
        if self._configured_page_size != self.model_runner.page_size:
            self.reconfigure(self.model_runner.page_size)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._ensure_configured()
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
