"""Decode backend that rules out regular drafts first, then takes the hybrid allocator's cache."""

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
    window_left: int = -1


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.window_left = (getattr(model_runner, "sliding_window_size", None) or 0) - 1
        self.swa_pool: Optional[SWAKVPool] = None
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            logger.debug("draft worker keeps its own full-attention pool")
        elif isinstance(allocator, SWATokenToKVPoolAllocator):
            self.swa_pool = allocator.get_kvcache()
        self.forward_metadata = DecodeMetadata(window_left=self.window_left)

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = DecodeMetadata(
            cache_seqlens=forward_batch.seq_lens[:bs].to(torch.int32),
            window_left=self.window_left,
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
