"""Wrapper backend combining a dense child and a windowed child.

The windowed child is enabled only when the hybrid cache has a full->SWA index mapping
registered, which is the case once the scheduler has set up hybrid allocation.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


class DenseChild:
    def __init__(self, kv_pool):
        self.kv_pool = kv_pool

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, loc


class WindowedChild(DenseChild):
    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)


class DenseWindowWrapper(AttentionBackend):
    def __init__(self, model_runner, sliding_window: Optional[int] = None):
        self.sliding_window = sliding_window
        kv_pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        mapping = getattr(kvcache, "full_to_swa_index_mapping", None)
        self.dense = DenseChild(kv_pool)
        self.windowed: Optional[WindowedChild] = (
            WindowedChild(kv_pool) if mapping is not None else None
        )
        logger.debug("DenseWindowWrapper windowed=%s", self.windowed is not None)

    def forward_decode(self, loc: torch.Tensor):
        child = self.windowed or self.dense
        return child.forward_decode(loc)


GeneratedAttnBackend = DenseWindowWrapper
