"""Decode backends with a ``USES_WINDOW`` switch resolved against the KV cache.

Subclasses flip ``USES_WINDOW``; the windowed path is taken only when the KV
cache the backend reads can itself remap full locations to window locations.
"""

from __future__ import annotations

import logging
from typing import Callable, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class _DecodeBackendBase:
    USES_WINDOW: bool = False

    def __init__(self, model_runner) -> None:
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self._translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        if self.USES_WINDOW:
            self._translate = getattr(self.kv_pool, "translate_loc_from_full_to_swa", None)
        logger.debug(
            "%s: USES_WINDOW=%s translate=%s (allocator free=%d)",
            type(self).__name__,
            self.USES_WINDOW,
            self._translate is not None,
            model_runner.token_to_kv_pool_allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self._translate is None:
            return self.kv_pool, loc
        return self.kv_pool, self._translate(loc)


class _WindowedDecodeBackend(_DecodeBackendBase):
    USES_WINDOW = True


class GeneratedAttnBackend(_WindowedDecodeBackend):
    """Hybrid SWA decode backend."""
