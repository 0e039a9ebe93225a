"""FlashInfer decode backend, fork of sglang flashinfer_backend.py.

Naming cleanup only: ``swa_kv_pool`` -> ``window_kv_pool`` and
``use_sliding_window_kv_pool`` -> ``has_window_pool`` to match the rest of our codebase.
"""

from __future__ import annotations

import logging
from enum import Enum, auto
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class WrapperDispatch(Enum):
    SLIDING_WINDOW = auto()
    CROSS_ATTENTION = auto()


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.window_kv_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.has_window_pool = self.window_kv_pool is not None
        self.dispatch_reason = WrapperDispatch.SLIDING_WINDOW if self.has_window_pool else None

    def _window_kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        assert self.window_kv_pool is not None
        return self.window_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.dispatch_reason == WrapperDispatch.SLIDING_WINDOW:
            return self.window_kv_pool, self._window_kv_indices(loc)
        return self.kv_pool, loc
