"""Decode backend shared by the target model and EAGLE draft workers.

Drafts with their own full-attention cache take an early return; the hybrid path remaps
locations through the SWA pool the runner owns. Allocator free counts are logged for
capacity debugging.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, window_left: int = -1):
        self.model_runner = model_runner
        self.window_left = window_left
        self.is_draft = model_runner.is_draft_worker
        self.kv_pool: KVCache = model_runner.token_to_kv_pool

    def _log_capacity(self) -> None:
        allocator = self.model_runner.token_to_kv_pool_allocator
        if logger.isEnabledFor(logging.DEBUG):
            logger.debug("%s", allocator.debug_print())

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.kv_pool
        if self.is_draft and not isinstance(pool, SWAKVPool):
            return pool, loc
        self._log_capacity()
        if not isinstance(pool, SWAKVPool):
            return pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
