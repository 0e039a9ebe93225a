"""Decode backend with a small metadata object per step.

The metadata records which pool was read and the locations used, which makes
it easy to inspect a step in tests or when debugging accuracy issues.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    """Everything forward_decode needs to know for one step."""

    pool: KVCache
    locations: torch.Tensor
    is_swa: bool
    free_slots: int


class GeneratedAttnBackend:
    def __init__(self, model_runner, keep_last_metadata: bool = True):
        self.model_runner = model_runner
        self.keep_last_metadata = keep_last_metadata
        self.last_metadata: Optional[DecodeMetadata] = None

        pool = model_runner.token_to_kv_pool
        if pool is None:
            raise RuntimeError("token_to_kv_pool is not set on the model runner")
        self.pool: KVCache = pool
        # Only keep a SWA handle if the pool we read is actually a SWA pool.
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

    def _free_slots(self) -> int:
        # Used only for the metadata record (observability).
        allocator = self.model_runner.token_to_kv_pool_allocator
        if allocator is None:
            return -1
        return int(allocator.available_size())

    def _build_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        if self.swa_pool is not None:
            swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
            return DecodeMetadata(self.swa_pool, swa_loc, True, self._free_slots())
        return DecodeMetadata(self.pool, loc, False, self._free_slots())

    def forward_decode(self, loc: torch.Tensor):
        metadata = self._build_metadata(loc)
        if self.keep_last_metadata:
            self.last_metadata = metadata
        logger.debug("decode step: is_swa=%s free=%d", metadata.is_swa, metadata.free_slots)
        return metadata.pool, metadata.locations
