"""Decode backend that asks the allocator for its cache only when it is not a draft worker."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    max_seq_len: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # a target's allocator hands out slots of the very pool it attends over
        kvcache = (
            model_runner.token_to_kv_pool
            if model_runner.is_draft_worker
            else model_runner.token_to_kv_pool_allocator.get_kvcache()
        )
        self.swa_pool: Optional[SWAKVPool] = kvcache if isinstance(kvcache, SWAKVPool) else None
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        seq_lens = forward_batch.seq_lens[:bs]
        self.forward_metadata = DecodeMetadata(
            seq_lens=seq_lens, max_seq_len=int(seq_lens.max().item())
        )

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
