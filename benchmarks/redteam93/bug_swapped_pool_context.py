"""Decode backend with a scoped KV-pool override.

``_override_pool`` temporarily swaps ``self.pool`` for the duration of a
decode step and always restores the previous value in ``finally`` so a
failed step never leaves the backend pointing at a stale pool.
"""

import contextlib
from typing import Iterator, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.model_runner = model_runner
        self.num_kv_splits = num_kv_splits
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    @contextlib.contextmanager
    def _override_pool(self, pool: KVCache) -> Iterator[KVCache]:
        previous = self.pool
        self.pool = pool
        try:
            yield pool
        finally:
            self.pool = previous

    def _step_pool(self) -> KVCache:
        # The allocator owns the mapping tables for the hybrid cache, so the
        # cache it was built around is the one we decode against.
        return self.allocator.get_kvcache()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        with self._override_pool(self._step_pool()) as pool:
            if isinstance(pool, SWAKVPool):
                return pool, pool.translate_loc_from_full_to_swa(loc)
            return pool, loc
