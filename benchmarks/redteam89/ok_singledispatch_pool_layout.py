"""Per-pool decode layout via ``functools.singledispatch``.

``decode_layout`` returns the pool to read and a location mapper for each cache type.
"""

from __future__ import annotations

import functools
import logging
from typing import Any, Callable, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

Layout = Tuple[Any, Callable[[torch.Tensor], torch.Tensor]]


@functools.singledispatch
def decode_layout(pool: Any) -> Layout:
    raise TypeError(f"unsupported KV pool type: {type(pool).__name__}")


@decode_layout.register
def _(pool: KVCache) -> Layout:
    return pool, lambda loc: loc


@decode_layout.register
def _(pool: SWAKVPool) -> Layout:
    return pool, pool.translate_loc_from_full_to_swa


class GeneratedAttnBackend:
    """Windowed decode backend with per-pool layouts."""

    def __init__(self, model_runner, window_left: int = -1):
        self.window_left = window_left
        self.req_to_token = model_runner.req_to_token_pool
        self.decode_pool, self._map_loc = decode_layout(model_runner.token_to_kv_pool)
        logger.info("decode layout for %s", type(self.decode_pool).__name__)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        return self.decode_pool, self._map_loc(loc)
