"""Decode backend that keys the SWA page table on the runner's own KV pool type."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class KiteDecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size
        # The allocator is shared with the draft worker; the pool is not.
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if type(self.token_to_kv_pool) is SWAKVPool else None
        )
        logger.info(
            "decode backend: allocator=%s page_size=%d swa=%s",
            type(allocator).__name__,
            self.page_size,
            self.swa_kv_pool is not None,
        )
        self.forward_metadata = KiteDecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens.to(torch.int32)
        page_table = self.req_to_token[forward_batch.req_pool_indices, : int(seq_lens.max())]
        md = KiteDecodeMetadata(cache_seqlens=seq_lens, page_table=page_table)
        if self.swa_kv_pool is not None:
            md.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(page_table)
        self.forward_metadata = md

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
