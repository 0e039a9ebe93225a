"""Decode backend that scans the runner's pools for a hybrid SWA cache.

The scan covers the active pool and its sub-pools; when nothing matches, the ``for``
loop's ``else`` clause consults the cache registered with the allocator.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, q_dtype: Optional[torch.dtype] = None):
        self.model_runner = model_runner
        self.q_dtype = q_dtype or torch.bfloat16
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = self._scan_for_swa_pool()

    def _scan_for_swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        for candidate in (pool, getattr(pool, "full_kv_pool", None)):
            if isinstance(candidate, SWAKVPool):
                found = candidate
                break
        else:
            found = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return found if isinstance(found, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
