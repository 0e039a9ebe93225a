"""Decode backend with a separate indices updater.

The updater owns the bookkeeping for hybrid sliding-window layers: it is built once in
``__init__`` from the token allocator and later asked for the KV cache plus the location
tensor that the decode kernel should gather from.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class DecodeIndicesUpdater:
    """Computes per-step KV locations for the decode kernel."""

    def __init__(self, token_to_kv_pool_allocator, page_size: int = 1):
        self.allocator = token_to_kv_pool_allocator
        self.page_size = page_size
        self.use_sliding_window = isinstance(token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)

    def kv_cache(self):
        return self.allocator.get_kvcache()

    def update(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if not self.use_sliding_window:
            return out_cache_loc
        return self.allocator.translate_loc_from_full_to_swa(out_cache_loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.indices_updater_decode = DecodeIndicesUpdater(
            model_runner.token_to_kv_pool_allocator, model_runner.page_size
        )
        logger.debug(
            "decode updater ready (sliding_window=%s)",
            self.indices_updater_decode.use_sliding_window,
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        kv_cache = self.indices_updater_decode.kv_cache()
        locations = self.indices_updater_decode.update(loc)
        return kv_cache, locations
