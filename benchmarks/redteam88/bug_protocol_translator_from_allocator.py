"""Decode-only attention backend with a structural translator interface.

Index translation is expressed through a small ``Protocol`` so the backend can
work with any object that knows how to map full-attention slots onto the
sliding-window sub-pool, without tying itself to a concrete class.
"""

from __future__ import annotations

import logging
from typing import Optional, Protocol, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class FullToSwaTranslator(Protocol):
    def translate_loc_from_full_to_swa(self, kv_indices: torch.Tensor) -> torch.Tensor: ...


class KVSource(Protocol):
    def get_kvcache(self) -> KVCache: ...


class GeneratedAttnBackend:
    """Window-aware decode backend keyed on a structural translator."""

    def __init__(self, model_runner, skip_prefill: bool = False) -> None:
        self.device = model_runner.device
        self.page_size: int = model_runner.page_size
        self.skip_prefill = skip_prefill

        source: KVSource = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = source.get_kvcache()
        self.translator: Optional[FullToSwaTranslator] = self._find_translator(source)
        logger.debug(
            "GeneratedAttnBackend: pool=%s windowed=%s",
            type(self.kv_pool).__name__,
            self.translator is not None,
        )

    @staticmethod
    def _find_translator(obj: object) -> Optional[FullToSwaTranslator]:
        if callable(getattr(obj, "translate_loc_from_full_to_swa", None)):
            return obj  # type: ignore[return-value]
        return None

    def _maybe_translate(self, loc: torch.Tensor) -> torch.Tensor:
        if self.translator is None:
            return loc
        return self.translator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self._maybe_translate(loc)
