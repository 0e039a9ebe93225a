"""Decode attention backend with support for sliding window attention.

Notes for reviewers:
  * The KV buffers are always read from ``model_runner.token_to_kv_pool``.
  * The allocator is only used to print a memory summary at startup.
"""

import logging

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Decode-only backend. Handles full and sliding window KV pools."""

    def __init__(self, model_runner, print_memory_summary: bool = True):
        # Keep a reference to the runner for later.
        self.model_runner = model_runner

        # This is the pool whose buffers we read in forward_decode.
        self.kv_pool: KVCache = self._load_kv_pool()

        # Is the pool a hybrid (full + sliding window) pool?
        self.has_sliding_window: bool = self._pool_has_sliding_window()

        if print_memory_summary:
            self._print_memory_summary()

    def _load_kv_pool(self) -> KVCache:
        kv_pool = self.model_runner.token_to_kv_pool
        assert kv_pool is not None, "KV pool must be initialized before the backend"
        return kv_pool

    def _pool_has_sliding_window(self) -> bool:
        # BaseSWAKVPool is the common parent of all hybrid SWA pools.
        return isinstance(self.kv_pool, BaseSWAKVPool)

    def _print_memory_summary(self) -> None:
        allocator = self.model_runner.token_to_kv_pool_allocator
        # debug_print() is only a human readable string; safe to call anytime.
        logger.info(
            "Attention backend memory: %s available=%d",
            allocator.debug_print(),
            allocator.available_size(),
        )

    def _translate_if_needed(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.has_sliding_window:
            # Nothing to do for full attention pools.
            return loc
        # Translate using the same pool we are going to read from.
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        """Return (pool, locations) for this decode step."""
        locations = self._translate_if_needed(loc)
        return self.kv_pool, locations
