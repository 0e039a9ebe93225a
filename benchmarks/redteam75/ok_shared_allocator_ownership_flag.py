"""Decode backend that records whether its runner owns the allocator's pool.

Runners that share an allocator (for example a speculative draft) skip the
per-step allocator gauge update, since the owning runner already reports it.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.owns_allocator_pool = self.allocator.get_kvcache() is self.kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.last_available: Optional[int] = None
        if not self.owns_allocator_pool:
            logger.info("runner shares an allocator it does not own; gauges disabled")

    def _update_gauge(self) -> None:
        if self.owns_allocator_pool:
            self.last_available = self.allocator.available_size()

    def forward_decode(self, loc: torch.Tensor):
        self._update_gauge()
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
