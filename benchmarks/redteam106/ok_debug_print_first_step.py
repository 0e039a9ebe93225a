"""Decode backend that dumps allocator occupancy on the first decode step.

The first step is where page-table mistakes tend to show up, so the allocator's
`debug_print()` (SWA and full free counts) is logged once together with the location range.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = True):
        self.verbose = verbose
        self.model_runner = model_runner
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self._first_step_done = False

    @property
    def is_sliding_window(self) -> bool:
        return isinstance(self.token_to_kv_pool, SWAKVPool)

    def _log_first_step(self, loc: torch.Tensor) -> None:
        if self._first_step_done or not self.verbose:
            return
        self._first_step_done = True
        allocator = self.model_runner.token_to_kv_pool_allocator
        logger.info(
            "first decode step: loc=[%s..%s] swa=%s %s",
            int(loc.min()) if loc.numel() else -1,
            int(loc.max()) if loc.numel() else -1,
            self.is_sliding_window,
            allocator.debug_print(),
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._log_first_step(loc)
        pool = self.token_to_kv_pool
        if self.is_sliding_window:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
