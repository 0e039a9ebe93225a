"""Decode backend picking its SWA pool from a generator over (pool, permitted) pairs."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    cu_seqlens_k: Optional[torch.Tensor] = None


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    spec = model_runner.spec_algorithm
    may_share = not model_runner.is_draft_worker or spec.is_frozen_kv_mtp()
    sources = (
        (model_runner.token_to_kv_pool, True),
        (model_runner.token_to_kv_pool_allocator.get_kvcache(), may_share),
    )
    windowed = (pool for pool, permitted in sources if isinstance(pool, SWAKVPool))
    return next(windowed, None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.cu_seqlens_k = torch.zeros(self.max_bs + 1, dtype=torch.int32, device=self.device)
        self.swa_pool = resolve_swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        seq_lens = forward_batch.seq_lens[:bs].to(torch.int32)
        self.cu_seqlens_k[1 : bs + 1] = torch.cumsum(seq_lens, dim=0)
        self.forward_metadata = DecodeMetadata(
            cache_seqlens=seq_lens, cu_seqlens_k=self.cu_seqlens_k[: bs + 1]
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
