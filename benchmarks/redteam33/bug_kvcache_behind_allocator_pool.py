"""Decode backend reading through the KV cache the allocator was built over."""

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
    page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        # the allocator's kvcache is the pool it hands indices out for
        self.kv_pool = allocator.get_kvcache()
        self.page_size = allocator.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.use_sliding_window = isinstance(self.kv_pool, SWAKVPool)
        self.forward_metadata = DecodeMetadata()
        logger.info(
            "decode backend over %s (page_size=%d)", type(self.kv_pool).__name__, self.page_size
        )

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = DecodeMetadata(
            cache_seqlens=forward_batch.seq_lens[:bs].to(torch.int32),
            page_table=self.req_to_token[forward_batch.req_pool_indices[:bs]],
        )

    def forward_decode(self, loc):
        if self.use_sliding_window:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
