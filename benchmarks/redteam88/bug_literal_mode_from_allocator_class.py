"""Decode backend with an explicit ``Literal`` attention mode.

The mode string is computed once at construction and drives which KV view the
decode kernel reads: the full-attention buffers or the sliding-window ones.
"""

from __future__ import annotations

import logging
from typing import Final, Literal, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

AttnKVMode = Literal["full", "swa"]
_DEFAULT_MODE: Final[AttnKVMode] = "full"


def detect_kv_mode(model_runner) -> AttnKVMode:
    """Pick the KV layout the runner was launched with."""
    allocator = model_runner.token_to_kv_pool_allocator
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        return "swa"
    return _DEFAULT_MODE


class GeneratedAttnBackend:
    """Backend reading either full or sliding-window KV depending on ``kv_mode``."""

    def __init__(self, model_runner, kv_mode: AttnKVMode | None = None) -> None:
        self.kv_mode: AttnKVMode = kv_mode or detect_kv_mode(model_runner)
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.page_size: int = model_runner.page_size
        logger.info("GeneratedAttnBackend kv_mode=%s page_size=%d", self.kv_mode, self.page_size)

    def _locations_for(self, mode: AttnKVMode, loc: torch.Tensor) -> torch.Tensor:
        if mode == "swa":
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.token_to_kv_pool, self._locations_for(self.kv_mode, loc)
