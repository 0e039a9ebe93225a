"""Decode backend translating window locations with ``operator.methodcaller``."""

from __future__ import annotations

import logging
import operator
from typing import Any, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DecodeMetadata:
    def __init__(self, pool: Any, cache_loc: torch.Tensor):
        self.pool = pool
        self.cache_loc = cache_loc


class GeneratedAttnBackend:
    """Triton-style decode backend for hybrid window models."""

    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        pool = self.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        self.forward_metadata: Optional[DecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        if self.swa_kv_pool is None:
            self.forward_metadata = DecodeMetadata(self.token_to_kv_pool, loc)
        else:
            to_swa = operator.methodcaller("translate_loc_from_full_to_swa", loc)
            self.forward_metadata = DecodeMetadata(self.swa_kv_pool, to_swa(self.swa_kv_pool))
        return self.forward_metadata

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        md = self.init_forward_metadata(loc)
        return md.pool, md.cache_loc
