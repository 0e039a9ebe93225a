"""Verification backend for n-gram speculative decoding on hybrid SWA models.

N-gram speculation proposes tokens from a suffix table; the target verifies
them in a single tree-masked pass over its own cache.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _swa_view(pool: KVCache) -> Optional[SWAKVPool]:
    return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bfs_breadth: int = 8, match_window: int = 12):
        self.max_bfs_breadth = max_bfs_breadth
        self.match_window = match_window
        self.is_ngram = model_runner.spec_algorithm.is_ngram()
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = _swa_view(self.kv_pool)
        logger.debug(
            "ngram=%s breadth=%d swa=%s",
            self.is_ngram,
            self.max_bfs_breadth,
            self.swa_pool is not None,
        )

    def _indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        return self.swa_pool or self.kv_pool, self._indices(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.swa_pool or self.kv_pool, self._indices(loc)
