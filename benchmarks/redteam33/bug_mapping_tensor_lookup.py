"""Decode backend that keeps the full-to-SWA index mapping tensor around for fast gathers."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        # the mapping lives on the allocator; gathers through it avoid a method call per layer
        self._full_to_swa: Optional[torch.Tensor] = getattr(
            model_runner.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None
        )
        self.forward_metadata = DecodeMetadata()

    def _gather_swa(self, indices: torch.Tensor) -> torch.Tensor:
        return torch.index_select(self._full_to_swa, 0, indices)

    def init_forward_metadata(self, forward_batch):
        indices = forward_batch.out_cache_loc
        swa = self._gather_swa(indices) if self._full_to_swa is not None else None
        self.forward_metadata = DecodeMetadata(kv_indices=indices, swa_kv_indices=swa)

    def forward_decode(self, loc):
        if self._full_to_swa is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._gather_swa(loc)
