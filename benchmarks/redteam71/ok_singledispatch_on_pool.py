"""Decode KV view selection dispatched on the attention pool type.

Each KV cache family registers its own ``kv_view`` implementation; the backend just hands the
pool it was constructed with to the dispatcher.
"""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeKVView:
    pool: KVCache
    locations: torch.Tensor
    is_swa: bool = False


@functools.singledispatch
def kv_view(pool: KVCache, loc: torch.Tensor) -> DecodeKVView:
    return DecodeKVView(pool=pool, locations=loc)


@kv_view.register(SWAKVPool)
def _swa_kv_view(pool: SWAKVPool, loc: torch.Tensor) -> DecodeKVView:
    return DecodeKVView(pool=pool, locations=pool.translate_loc_from_full_to_swa(loc), is_swa=True)


class GeneratedAttnBackend:
    """Decode-only backend that defers the KV layout to ``kv_view``."""

    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool
        self._last_view: Optional[DecodeKVView] = None

    def forward_decode(self, loc: torch.Tensor):
        view = kv_view(self.token_to_kv_pool, loc)
        if view.is_swa and self._last_view is None:
            logger.info("decode reads from SWA pool (%s)", type(view.pool).__name__)
        self._last_view = view
        return view.pool, view.locations
