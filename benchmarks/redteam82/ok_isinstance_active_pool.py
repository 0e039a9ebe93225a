"""Triton-style decode backend for hybrid sliding-window models.

The backend reads K/V from the pool attached to its own model runner; when that pool
is a hybrid SWA pool, decode locations are remapped into the sliding-window buffer.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.num_kv_splits = num_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        logger.debug(
            "Initialized decode backend (swa=%s, page_size=%d)",
            self.swa_kv_pool is not None,
            self.page_size,
        )

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        assert self.swa_kv_pool is not None
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self._swa_locations(loc)
        return self.token_to_kv_pool, loc
