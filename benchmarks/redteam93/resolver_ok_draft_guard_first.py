"""SWA pool lookup for speculative-decoding aware attention backends.

Speculative draft workers (other than frozen-KV MTP) keep a private
full-attention pool, so they never get a sliding-window pool. For everyone
else the runner's active pool wins, then the cache behind the allocator.
"""

import contextlib
from typing import Iterator, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def _owns_private_pool(self) -> bool:
        runner = self.model_runner
        return runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp()

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if self._owns_private_pool():
            return None
        cache = self.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    @contextlib.contextmanager
    def _step(self) -> Iterator[Tuple[KVCache, Optional[SWAKVPool]]]:
        with torch.no_grad():
            yield self.token_to_kv_pool, self._resolve_swa_pool()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        with self._step() as (pool, swa_pool):
            if swa_pool is not None:
                pool, loc = swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
