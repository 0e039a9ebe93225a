"""Decode backend with an environment switch for hybrid-window reads.

``SGLANG_SWA_DECODE`` (default on) controls whether sliding-window layers read the
SWA sub-pool. The switch is read once, on the first decode step.
"""

import logging
import os
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self._swa_pool: Optional[SWAKVPool] = None
        self._decided = False

    def _decide(self) -> None:
        enabled = os.environ.get("SGLANG_SWA_DECODE", "1") != "0"
        pool = self.model_runner.token_to_kv_pool
        if enabled and isinstance(pool, SWAKVPool):
            self._swa_pool = pool
        allocator = self.model_runner.token_to_kv_pool_allocator
        logger.debug(
            "swa decode=%s, allocator=%s, available=%d",
            self._swa_pool is not None,
            type(allocator).__name__,
            allocator.available_size(),
        )
        self._decided = True

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self._decided:
            self._decide()
        if self._swa_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
