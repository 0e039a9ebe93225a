"""Structural SWA detection on the KV pool the backend reads from.

Any pool that exposes ``translate_loc_from_full_to_swa`` is addressed through
its sliding-window view; the allocator is only consulted for capacity logging.
"""

from __future__ import annotations

import logging
from typing import Protocol, Tuple, runtime_checkable

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@runtime_checkable
class SupportsSWATranslate(Protocol):
    def translate_loc_from_full_to_swa(self, kv_indices: torch.Tensor) -> torch.Tensor: ...


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = 4096):
        self.sliding_window_size = sliding_window_size
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_translator: SupportsSWATranslate | None = (
            self.kv_pool if isinstance(self.kv_pool, SupportsSWATranslate) else None
        )
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "GeneratedAttnBackend: pool=%s swa=%s free_tokens=%d",
            type(self.kv_pool).__name__,
            self.swa_translator is not None,
            allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_translator is None:
            return self.kv_pool, loc
        return self.kv_pool, self.swa_translator.translate_loc_from_full_to_swa(loc)
