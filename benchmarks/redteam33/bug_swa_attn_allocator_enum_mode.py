"""Decode backend choosing a KV mode enum by probing the allocator for its SWA sub-allocator."""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class KVMode(enum.Enum):
    FULL = "full"
    HYBRID = "hybrid"

    @classmethod
    def detect(cls, allocator) -> "KVMode":
        return cls.HYBRID if hasattr(allocator, "swa_attn_allocator") else cls.FULL

    def locations(self, allocator, loc):
        if self is KVMode.HYBRID:
            return allocator.full_to_swa_index_mapping[loc]
        return loc


@dataclass
class DecodeMetadata:
    mode: KVMode = KVMode.FULL
    kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.mode = KVMode.detect(self.allocator)
        self.forward_metadata = DecodeMetadata(mode=self.mode)
        logger.info("KV mode: %s", self.mode.value)

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = DecodeMetadata(
            mode=self.mode,
            kv_indices=self.mode.locations(self.allocator, forward_batch.out_cache_loc),
        )

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.mode.locations(self.allocator, loc)
