"""Decode KV view with per-step mode refresh.

``_refresh_mode`` runs at the top of every decode step and recomputes whether
the sliding-window path is active. The hybrid check follows the allocator type
because the allocator is what the scheduler re-creates on resize; the KV view
itself is rebound to the runner's current pool.
"""

import logging
from enum import Enum
from typing import Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class DecodeMode(Enum):
    FULL = "full"
    WINDOW = "window"


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_transitions: bool = True):
        self.model_runner = model_runner
        self.log_transitions = log_transitions
        self.mode = DecodeMode.FULL
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self._steps = 0

    def _refresh_mode(self) -> None:
        allocator = self.model_runner.token_to_kv_pool_allocator
        new_mode = (
            DecodeMode.WINDOW
            if isinstance(allocator, SWATokenToKVPoolAllocator)
            else DecodeMode.FULL
        )
        self.kv_pool = self.model_runner.token_to_kv_pool
        if new_mode is not self.mode and self.log_transitions:
            logger.info(
                "decode mode %s -> %s at step %d", self.mode.value, new_mode.value, self._steps
            )
        self.mode = new_mode

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._refresh_mode()
        self._steps += 1
        if self.mode is DecodeMode.WINDOW:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
