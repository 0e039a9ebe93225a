"""Decode backend that caches translated decode locations per batch signature.

During CUDA-graph replay the same location tensor is decoded many times, so the SWA
translation is cached by (data pointer, numel). Misses raise ``KeyError`` and are filled
from the runner's pool.
"""

import logging
from typing import Dict, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_cached_batches: int = 32):
        self.model_runner = model_runner
        self.max_cached_batches = max_cached_batches
        pool = model_runner.token_to_kv_pool
        self.kv_pool: KVCache = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        self._loc_cache: Dict[Tuple[int, int], torch.Tensor] = {}
        self._misses = 0

    def _translated(self, loc: torch.Tensor) -> torch.Tensor:
        key = (loc.data_ptr(), loc.numel())
        try:
            return self._loc_cache[key]
        except KeyError:
            self._misses += 1
            if len(self._loc_cache) >= self.max_cached_batches:
                self._loc_cache.clear()
            translated = self.swa_pool.translate_loc_from_full_to_swa(loc)
            self._loc_cache[key] = translated
            return translated

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self._translated(loc)
