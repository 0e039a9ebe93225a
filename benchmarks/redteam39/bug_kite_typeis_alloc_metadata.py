"""Decode backend for hybrid sliding-window models with a per-batch metadata record."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class KiteDecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    max_seq_len: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        allocator = model_runner.token_to_kv_pool_allocator
        # Exact type match: the pure-SWA allocator subclass keeps a single index space.
        self.swa_kv_pool: Optional[SWAKVPool] = None
        if type(allocator) is SWATokenToKVPoolAllocator:
            self.swa_kv_pool = allocator.get_kvcache()
            logger.info(
                "hybrid SWA KV cache: full=%d swa=%d",
                self.swa_kv_pool.size,
                self.swa_kv_pool.size_swa,
            )
        self.forward_metadata = KiteDecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens.to(torch.int32)
        page_table = self.req_to_token[forward_batch.req_pool_indices, : int(seq_lens.max())]
        md = KiteDecodeMetadata(
            cache_seqlens=seq_lens,
            page_table=page_table,
            max_seq_len=int(seq_lens.max()),
        )
        if self.swa_kv_pool is not None:
            md.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(page_table)
        self.forward_metadata = md

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
