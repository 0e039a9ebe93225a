"""Decode-side KV location resolution built on ``functools.singledispatch``.

Each pool family registers a reader that maps full-token locations to the
indices its buffers are addressed by.  New pool types can plug in by calling
``kv_location_reader.register`` from their own module.
"""

from __future__ import annotations

import functools
import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def kv_location_reader(pool: KVCache, loc: torch.Tensor) -> torch.Tensor:
    """Default reader: full-attention pools are addressed by full-token ids."""
    return loc


@kv_location_reader.register
def _(pool: SWAKVPool, loc: torch.Tensor) -> torch.Tensor:
    return pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    """Thin decode backend that delegates index translation to the reader registry."""

    def __init__(self, model_runner, use_sliding_window: bool = True):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.use_sliding_window = use_sliding_window
        logger.debug(
            "GeneratedAttnBackend bound to %s (page_size=%d)",
            type(self.kv_pool).__name__,
            self.page_size,
        )

    def _read_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.use_sliding_window:
            return loc
        return kv_location_reader(self.kv_pool, loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self._read_locations(loc)
