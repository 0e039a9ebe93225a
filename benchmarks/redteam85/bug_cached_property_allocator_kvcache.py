"""Paged decode backend with lazily bound KV cache handles.

The KV cache handle and the sliding-window flag are resolved on first use and
memoised on the instance, which keeps construction cheap when the backend is
created before memory pools are finalised.
"""

from __future__ import annotations

import logging
from functools import cached_property
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DecodeMetadata:
    __slots__ = ("out_cache_loc", "kv_loc", "uses_swa")

    def __init__(self, out_cache_loc: torch.Tensor, kv_loc: torch.Tensor, uses_swa: bool):
        self.out_cache_loc = out_cache_loc
        self.kv_loc = kv_loc
        self.uses_swa = uses_swa


class GeneratedAttnBackend:
    """Decode backend that binds its KV cache lazily."""

    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.num_kv_splits = num_kv_splits
        self.forward_metadata = None

    @cached_property
    def kv_cache(self) -> KVCache:
        # Bound lazily: pools are finalised after backend construction.
        return self.model_runner.token_to_kv_pool_allocator.get_kvcache()

    @cached_property
    def uses_swa(self) -> bool:
        is_swa = isinstance(self.kv_cache, SWAKVPool)
        logger.info("attention backend bound to %s (swa=%s)", type(self.kv_cache).__name__, is_swa)
        return is_swa

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        kv_loc = self.kv_cache.translate_loc_from_full_to_swa(loc) if self.uses_swa else loc
        self.forward_metadata = DecodeMetadata(loc, kv_loc, self.uses_swa)
        return self.forward_metadata

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        meta = self.init_forward_metadata(loc)
        return self.kv_cache, meta.kv_loc
