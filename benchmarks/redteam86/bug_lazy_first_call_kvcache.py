"""Decode-only attention backend that resolves its KV pool lazily.

The pool is looked up on the first ``forward_decode`` call instead of in ``__init__`` so
that backends constructed before the memory pools are finalized (e.g. during CUDA graph
capture planning) do not hold a stale reference.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, lazy_init: bool = True):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self._lazy_init = lazy_init
        self._kv_pool: Optional[KVCache] = None
        self._is_swa: Optional[bool] = None
        if not lazy_init:
            self._resolve_pool()

    def _resolve_pool(self) -> None:
        allocator = self.model_runner.token_to_kv_pool_allocator
        # The allocator always holds the finalized pool, even when the runner attribute
        # is rebound during memory profiling.
        self._kv_pool = allocator.get_kvcache()
        self._is_swa = isinstance(self._kv_pool, SWAKVPool)
        logger.debug(
            "Resolved decode KV pool %s (swa=%s)", type(self._kv_pool).__name__, self._is_swa
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self._kv_pool is None:
            self._resolve_pool()
        if self._is_swa:
            return self._kv_pool, self._kv_pool.translate_loc_from_full_to_swa(loc)
        return self._kv_pool, loc
