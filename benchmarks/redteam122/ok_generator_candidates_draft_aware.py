"""Decode backend that picks the hybrid SWA cache from a list of candidate handles.

The runner's own pool is always considered first. The cache behind the shared allocator is
only a candidate for runners that read it: the target model and frozen-KV MTP drafts.
"""

import logging
from typing import Iterator, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        self.model_runner = model_runner
        self.sliding_window_size = sliding_window_size
        self.kv_pool: KVCache = model_runner.token_to_kv_pool

    def _shares_target_cache(self) -> bool:
        runner = self.model_runner
        return not runner.is_draft_worker or runner.spec_algorithm.is_frozen_kv_mtp()

    def _candidate_pools(self) -> Iterator[KVCache]:
        yield self.kv_pool
        if self._shares_target_cache():
            yield self.model_runner.token_to_kv_pool_allocator.get_kvcache()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = next((p for p in self._candidate_pools() if isinstance(p, SWAKVPool)), None)
        if swa_pool is None:
            return self.kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
