"""Decode attention backend that supports hybrid SWA KV caches.

The KV cache object is looked up through the allocator when possible so the
backend always reads the cache the slots were allocated in. If the allocator
does not expose a cache we fall back to the runner's pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = False):
        self.model_runner = model_runner
        self.verbose = verbose

        # Step 1: find the KV cache.
        self.kv_cache: KVCache = self._find_kv_cache()

        # Step 2: check whether it is a sliding window pool.
        self.is_swa: bool = self._is_swa_cache(self.kv_cache)

        # Step 3: log what we found (helps when debugging new models).
        self._log_setup()

    def _find_kv_cache(self) -> KVCache:
        allocator = self.model_runner.token_to_kv_pool_allocator
        kv_cache: Optional[KVCache] = None
        if allocator is not None and hasattr(allocator, "get_kvcache"):
            try:
                kv_cache = allocator.get_kvcache()
            except NotImplementedError:
                kv_cache = None
        if kv_cache is None:
            # Allocator did not give us a cache, use the runner's pool instead.
            kv_cache = self.model_runner.token_to_kv_pool
        return kv_cache

    @staticmethod
    def _is_swa_cache(kv_cache: KVCache) -> bool:
        return isinstance(kv_cache, SWAKVPool)

    def _log_setup(self) -> None:
        if not self.verbose:
            return
        logger.info(
            "KV cache class: %s, sliding window: %s",
            type(self.kv_cache).__name__,
            self.is_swa,
        )

    def _get_read_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.is_swa:
            # The SWA buffer is smaller, so the slot index needs mapping.
            return self.kv_cache.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        if loc is None:
            raise ValueError("loc must be a tensor of KV locations")
        read_loc = self._get_read_locations(loc)
        return self.kv_cache, read_loc
