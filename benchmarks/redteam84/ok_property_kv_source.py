"""Sliding-window decode backend that exposes the backing KV cache through properties.

The properties always resolve from the runner's active pool so that each runner (target or
draft) reads the buffers it writes.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self._runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.skip_prefill = skip_prefill
        logger.debug(
            "decode backend ready, allocator=%s",
            type(model_runner.token_to_kv_pool_allocator).__name__,
        )

    @property
    def _kv_source(self) -> KVCache:
        return self._runner.token_to_kv_pool

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        source = self._kv_source
        return source if isinstance(source, SWAKVPool) else None

    @property
    def uses_sliding_window(self) -> bool:
        return self.swa_pool is not None

    def _window_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.uses_sliding_window:
            return self.swa_pool, self._window_locations(loc)
        return self._kv_source, loc
