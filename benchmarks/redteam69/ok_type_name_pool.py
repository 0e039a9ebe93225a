"""Decode backend for hybrid full/sliding-window KV caches.

The layout is taken from the pool this runner reads. Matching on the class
name keeps the backend importable in builds that ship without the hybrid
pool module.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        super().__init__()
        self.device = model_runner.device
        self.sliding_window_size = sliding_window_size
        self.kv_pool = model_runner.token_to_kv_pool
        pool_name = type(self.kv_pool).__name__
        self.is_swa = "SWA" in pool_name
        logger.debug("decode backend pool=%s swa=%s", pool_name, self.is_swa)

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.is_swa:
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._kv_indices(loc)
