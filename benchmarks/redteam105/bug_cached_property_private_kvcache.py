"""Paged decode backend with lazily-resolved hybrid pool handles.

The hybrid pool handle is resolved on first use (after the memory pool has been
finalized by the model runner), not at construction time.
"""

import functools
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, page_size: Optional[int] = None):
        self.page_size = page_size or model_runner.page_size
        self._runner_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._steps = 0

    @functools.cached_property
    def hybrid_pool(self) -> Optional[SWAKVPool]:
        backing = getattr(self._allocator, "_kvcache", None)
        if isinstance(backing, SWAKVPool):
            logger.debug("hybrid pool resolved: size=%d swa=%d", backing.size, backing.size_swa)
            return backing
        return None

    def _page_aligned(self, loc: torch.Tensor) -> torch.Tensor:
        return loc

    def forward_decode(self, loc: torch.Tensor):
        self._steps += 1
        loc = self._page_aligned(loc)
        if self.hybrid_pool is not None:
            return self.hybrid_pool, self.hybrid_pool.translate_loc_from_full_to_swa(loc)
        return self._runner_pool, loc
