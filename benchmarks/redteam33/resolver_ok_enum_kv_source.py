"""Decode backend whose SWA pool comes from an enum of KV sources with per-member resolution."""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVSource(enum.Enum):
    OWN = "own"
    SHARED = "shared"
    NONE = "none"

    @classmethod
    def for_runner(cls, model_runner) -> "KVSource":
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return cls.OWN
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return cls.NONE
        return cls.SHARED

    def swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if self is KVSource.OWN:
            return model_runner.token_to_kv_pool
        if self is KVSource.SHARED:
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            return kvcache if isinstance(kvcache, SWAKVPool) else None
        return None


@dataclass
class DecodeMetadata:
    source: KVSource = KVSource.NONE
    cache_seqlens: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.source = KVSource.for_runner(model_runner)
        self.swa_pool = self.source.swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata(source=self.source)

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = DecodeMetadata(
            source=self.source, cache_seqlens=forward_batch.seq_lens[:bs].to(torch.int32)
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
