"""Decode backend that translates full-pool locations for sliding-window layers.

Older pool implementations expose the full->SWA mapping only through the allocator, so
translation falls back to the allocator when the pool does not provide it.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_swa: bool = True):
        self.model_runner = model_runner
        self.enable_swa = enable_swa
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        try:
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        except AttributeError:
            logger.debug(
                "%s has no full->SWA mapping; asking the allocator",
                type(self.kv_pool).__name__,
            )
        try:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        except AttributeError:
            return loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self.enable_swa:
            return self.kv_pool, loc
        return self.kv_pool, self._translate(loc)
