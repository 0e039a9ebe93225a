"""Decode backend that discovers the location mapper on the pool it reads.

Pools that keep a separate sliding-window buffer expose
``translate_loc_from_full_to_swa``; the mapper is looked up once on the first decode
step and reused. The allocator is only consulted for capacity checks.
"""

import logging
from typing import Callable, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, min_free_tokens: int = 0):
        self.model_runner = model_runner
        self.min_free_tokens = min_free_tokens
        self._pool: Optional[KVCache] = None
        self._mapper: Optional[Callable[[torch.Tensor], torch.Tensor]] = None

    def _check_capacity(self) -> None:
        free = self.model_runner.token_to_kv_pool_allocator.available_size()
        if free < self.min_free_tokens:
            logger.warning("KV allocator low on space: %d free", free)

    def _lazy_setup(self) -> KVCache:
        pool = self.model_runner.token_to_kv_pool
        self._mapper = getattr(pool, "translate_loc_from_full_to_swa", None)
        self._pool = pool
        return pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._check_capacity()
        pool = self._pool if self._pool is not None else self._lazy_setup()
        if self._mapper is not None:
            loc = self._mapper(loc)
        return pool, loc
