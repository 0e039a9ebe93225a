"""Decode-side KV addressing for hybrid sliding-window models.

Capability detection is structural: anything that exposes
``translate_loc_from_full_to_swa`` is treated as SWA-aware, so the backend does
not need to import every concrete allocator class.
"""

from __future__ import annotations

import logging
from typing import Protocol, Tuple, runtime_checkable

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@runtime_checkable
class SupportsSWATranslate(Protocol):
    """Anything that can map full-attention token slots to SWA slots."""

    def translate_loc_from_full_to_swa(self, kv_indices: torch.Tensor) -> torch.Tensor: ...

    def get_kvcache(self) -> KVCache: ...


class GeneratedAttnBackend:
    """Minimal decode backend that picks its KV view once at construction."""

    def __init__(self, model_runner, sliding_window_size: int = 4096):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.sliding_window_size = sliding_window_size
        allocator = model_runner.token_to_kv_pool_allocator

        if isinstance(allocator, SupportsSWATranslate):
            self._translator: SupportsSWATranslate | None = allocator
            self.kv_pool: KVCache = allocator.get_kvcache()
        else:
            self._translator = None
            self.kv_pool = model_runner.token_to_kv_pool

        logger.debug(
            "GeneratedAttnBackend: swa=%s window=%d page_size=%d",
            self._translator is not None,
            self.sliding_window_size,
            self.page_size,
        )

    @property
    def uses_sliding_window(self) -> bool:
        return self._translator is not None

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        assert self._translator is not None
        return self._translator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.uses_sliding_window:
            return self.kv_pool, self._swa_locations(loc)
        return self.kv_pool, loc
