"""Hybrid-SWA decode backend that records its window mode in a frozen config dataclass."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class BackendConfig:
    page_size: int
    max_bs: int
    uses_swa_kv: bool


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    swa_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.config = BackendConfig(
            page_size=model_runner.page_size,
            max_bs=model_runner.max_running_requests,
            uses_swa_kv=isinstance(allocator, SWATokenToKVPoolAllocator),
        )
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = allocator
        self.forward_metadata = DecodeMetadata()
        logger.info("decode backend config: %s", self.config)

    def _swa_loc(self, loc):
        return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        md = DecodeMetadata(cache_seqlens=forward_batch.seq_lens[:bs].to(torch.int32))
        if self.config.uses_swa_kv:
            md.swa_loc = self._swa_loc(forward_batch.out_cache_loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        if self.config.uses_swa_kv:
            loc = self._swa_loc(loc)
        return self.token_to_kv_pool, loc
