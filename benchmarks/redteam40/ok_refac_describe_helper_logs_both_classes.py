"""Decode backend with a ``describe()`` helper naming the pool and the allocator for logs and
errors; the window decision is its own method over the pool."""

from __future__ import annotations

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = self._uses_window_pool()
        logger.info("decode backend: %s", self.describe())

    def _uses_window_pool(self) -> bool:
        return isinstance(self.token_to_kv_pool, SWAKVPool)

    def describe(self) -> str:
        return (
            f"pool={type(self.token_to_kv_pool).__name__} "
            f"allocator={type(self.token_to_kv_pool_allocator).__name__} "
            f"window={self.use_sliding_window_kv_pool}"
        )

    def forward_decode(self, loc):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        try:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        except RuntimeError as e:
            raise RuntimeError(f"window translation failed ({self.describe()})") from e
