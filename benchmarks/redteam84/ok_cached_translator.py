"""Decode backend that caches the full-to-window index translator.

Looking the translator up once avoids repeated attribute resolution in the decode hot loop.
The translator is bound to the pool the backend reads.
"""

from __future__ import annotations

import functools
from typing import Callable, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

IndexFn = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_kv_splits: int = 8):
        super().__init__()
        self.model_runner = model_runner
        self.num_kv_splits = num_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    @functools.cached_property
    def _to_window(self) -> Optional[IndexFn]:
        pool = self.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool.translate_loc_from_full_to_swa
        return None

    def _prepare(self, loc: torch.Tensor) -> torch.Tensor:
        fn = self._to_window
        return loc if fn is None else fn(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        kv_indices = self._prepare(loc)
        return self.token_to_kv_pool, kv_indices
