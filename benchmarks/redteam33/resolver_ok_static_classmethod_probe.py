"""Decode backend with a helper class mixing staticmethod probes and a classmethod SWA resolver."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _SWAResolver:
    @staticmethod
    def _frozen_kv(model_runner) -> bool:
        return getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", lambda: False)()

    @staticmethod
    def _draft(model_runner) -> bool:
        return getattr(model_runner, "is_draft_worker", False)

    @classmethod
    def resolve(cls, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if cls._draft(model_runner) and not cls._frozen_kv(model_runner):
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
        return None


@dataclass
class DecodeMetadata:
    cu_seqlens_k: Optional[torch.Tensor] = None
    max_seqlen_k: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.cu_seqlens_k = torch.zeros(model_runner.max_running_requests + 1, dtype=torch.int32)
        self.swa_pool = _SWAResolver.resolve(model_runner)
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        seq_lens = forward_batch.seq_lens[:bs].to(torch.int32)
        self.cu_seqlens_k[1 : bs + 1] = torch.cumsum(seq_lens, dim=0)
        self.forward_metadata = DecodeMetadata(
            cu_seqlens_k=self.cu_seqlens_k[: bs + 1], max_seqlen_k=int(seq_lens.max().item())
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
