"""Decode backend classifying its KV source with an enum classmethod before resolving the pool."""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class WindowSource(enum.Enum):
    LOCAL = enum.auto()
    SHARED = enum.auto()
    DISABLED = enum.auto()

    @classmethod
    def classify(cls, model_runner) -> "WindowSource":
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return cls.LOCAL
        if isinstance(model_runner.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool):
            return cls.SHARED
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return cls.DISABLED
        return cls.DISABLED

    def pool(self, model_runner) -> Optional[SWAKVPool]:
        return {
            WindowSource.LOCAL: lambda: model_runner.token_to_kv_pool,
            WindowSource.SHARED: model_runner.token_to_kv_pool_allocator.get_kvcache,
        }.get(self, lambda: None)()


@dataclass
class DecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.window_source = WindowSource.classify(model_runner)
        self.swa_pool = self.window_source.pool(model_runner)
        self.forward_metadata = DecodeMetadata()
        logger.info("window source: %s", self.window_source.name)

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = DecodeMetadata(
            seq_lens=forward_batch.seq_lens, kv_indices=forward_batch.out_cache_loc
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
