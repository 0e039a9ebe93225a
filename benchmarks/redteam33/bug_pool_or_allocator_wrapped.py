"""Decode backend detecting sliding-window KV on the pool, or on the allocator for wrapped pools."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    swa_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        # host-offload / memory-saver wrappers hide the SWAKVPool type; the allocator does not
        self.sliding_window = isinstance(self.token_to_kv_pool, SWAKVPool) or isinstance(
            self.allocator, SWATokenToKVPoolAllocator
        )
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        md = DecodeMetadata(cache_seqlens=forward_batch.seq_lens[:bs].to(torch.int32))
        if self.sliding_window:
            md.swa_loc = self.allocator.translate_loc_from_full_to_swa(forward_batch.out_cache_loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        if self.sliding_window:
            loc = self.allocator.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
