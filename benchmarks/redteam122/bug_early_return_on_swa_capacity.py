"""Decode backend with a fast path for models without a sliding-window cache.

If the memory subsystem reports no SWA capacity the backend returns immediately with the
full-attention pool; otherwise decode locations are remapped into the SWA buffers.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, window_left: int = -1):
        self.model_runner = model_runner
        self.window_left = window_left
        self.kv_pool: KVCache = model_runner.token_to_kv_pool

    def _swa_capacity(self) -> int:
        allocator = self.model_runner.token_to_kv_pool_allocator
        try:
            return int(allocator.size_swa)
        except (AttributeError, TypeError):
            return 0

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        capacity = self._swa_capacity()
        if capacity <= 0:
            return self.kv_pool, loc
        logger.debug("SWA capacity %d tokens, remapping %d locs", capacity, loc.numel())
        swa_loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, swa_loc
