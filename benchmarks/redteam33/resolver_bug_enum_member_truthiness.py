"""Decode backend gating the shared SWA pool on an enum-valued borrowing policy."""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SharedKVPolicy(enum.Enum):
    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"

    @classmethod
    def for_runner(cls, model_runner) -> "SharedKVPolicy":
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return cls.FORBIDDEN
        return cls.ALLOWED

    def describe(self) -> str:
        return f"shared KV {self.value}"


@dataclass
class DecodeMetadata:
    max_seq_len: int = 0
    cache_seqlens: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.policy = SharedKVPolicy.for_runner(model_runner)
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata()
        logger.debug(self.policy.describe())

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if self.policy:
            pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(pool, SWAKVPool):
                return pool
        return None

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        seq_lens = forward_batch.seq_lens[:bs]
        self.forward_metadata = DecodeMetadata(
            max_seq_len=int(seq_lens.max().item()), cache_seqlens=seq_lens.to(torch.int32)
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
