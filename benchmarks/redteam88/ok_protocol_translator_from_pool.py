"""Decode-only attention backend with a structural translator interface.

The translator is the KV pool itself when that pool is a hybrid SWA pool; the
``Protocol`` keeps the decode path independent of the concrete class.
"""

from __future__ import annotations

import logging
from typing import Optional, Protocol, Tuple, cast

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class FullToSwaTranslator(Protocol):
    def translate_loc_from_full_to_swa(self, kv_indices: torch.Tensor) -> torch.Tensor: ...


class GeneratedAttnBackend:
    """Window-aware decode backend keyed on a structural translator."""

    def __init__(self, model_runner, skip_prefill: bool = False) -> None:
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.translator: Optional[FullToSwaTranslator] = None
        if isinstance(self.kv_pool, SWAKVPool):
            self.translator = cast(FullToSwaTranslator, self.kv_pool)
        allocator = model_runner.token_to_kv_pool_allocator
        logger.debug(
            "GeneratedAttnBackend: pool=%s allocator=%s windowed=%s",
            type(self.kv_pool).__name__,
            type(allocator).__name__,
            self.translator is not None,
        )

    def _maybe_translate(self, loc: torch.Tensor) -> torch.Tensor:
        if self.translator is None:
            return loc
        return self.translator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self._maybe_translate(loc)
