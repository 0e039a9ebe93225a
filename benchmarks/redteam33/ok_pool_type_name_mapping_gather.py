"""Decode backend gathering SWA slots through its own pool's mapping, keyed off the pool's type name."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_WINDOWED_POOL_TYPES = frozenset({"SWAKVPool"})


@dataclass
class DecodeMetadata:
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator_kind = type(model_runner.token_to_kv_pool_allocator).__name__
        self.windowed = type(self.token_to_kv_pool).__name__ in _WINDOWED_POOL_TYPES
        self.forward_metadata = DecodeMetadata()
        logger.debug(
            "pool=%s allocator=%s windowed=%s",
            type(self.token_to_kv_pool).__name__,
            self.allocator_kind,
            self.windowed,
        )

    def _swa_indices(self, indices: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool.full_to_swa_index_mapping[indices]

    def init_forward_metadata(self, forward_batch):
        indices = forward_batch.out_cache_loc
        self.forward_metadata = DecodeMetadata(
            kv_indices=indices,
            swa_kv_indices=self._swa_indices(indices) if self.windowed else None,
        )

    def forward_decode(self, loc):
        if self.windowed:
            return self.token_to_kv_pool, self._swa_indices(loc)
        return self.token_to_kv_pool, loc
