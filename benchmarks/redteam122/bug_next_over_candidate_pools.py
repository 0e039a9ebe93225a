"""Decode backend that picks its KV pool from a short list of candidates.

Hybrid models can expose the SWA cache through several handles; the first candidate that
is an ``SWAKVPool`` is used for sliding-window layers, otherwise the runner's pool.
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
        self.default_pool: KVCache = model_runner.token_to_kv_pool

    def _candidate_pools(self) -> Iterator[KVCache]:
        allocator = self.model_runner.token_to_kv_pool_allocator
        get_kvcache = getattr(allocator, "get_kvcache", None)
        if callable(get_kvcache):
            yield get_kvcache()
        yield self.default_pool

    def _find_swa_pool(self) -> Optional[SWAKVPool]:
        return next((p for p in self._candidate_pools() if isinstance(p, SWAKVPool)), None)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self._find_swa_pool()
        if swa_pool is None:
            return self.default_pool, loc
        logger.debug("Using SWA pool %s for decode", type(swa_pool).__name__)
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
