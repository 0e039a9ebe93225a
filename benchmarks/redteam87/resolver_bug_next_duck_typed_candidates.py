"""Decode backend that picks the first pool able to translate full->SWA locations.

Pools are discovered lazily through a generator so that the allocator is only
consulted when the runner's own pool is not hybrid.
"""

import logging
from typing import Iterator, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.page_size = model_runner.page_size
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self._swa_pool: Optional[KVCache] = None
        self._resolved = False

    def _pool_sources(self) -> Iterator[KVCache]:
        yield self.model_runner.token_to_kv_pool
        yield self.model_runner.token_to_kv_pool_allocator.get_kvcache()

    @property
    def swa_pool(self) -> Optional[KVCache]:
        if not self._resolved:
            self._swa_pool = next(
                (p for p in self._pool_sources() if hasattr(p, "swa_kv_pool")),
                None,
            )
            self._resolved = True
            logger.debug("resolved swa pool: %r", self._swa_pool)
        return self._swa_pool

    def forward_decode(self, loc: torch.Tensor):
        if (pool := self.swa_pool) is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
