"""Decode backend with a forward-metadata dataclass and a widened hybrid-SWA flag."""

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
    page_table: Optional[torch.Tensor] = None
    # Page table for SWA layers (translated from full pool indices)
    swa_page_table: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


def _cdiv(a: int, b: int) -> int:
    return -(-a // b)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size or 1
        self.max_context_len = model_runner.model_config.context_len
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        # Older launch paths build the SWA allocator before the pool is swapped
        # in, so accept either signal here.
        self.is_hybrid_swa = isinstance(self.token_to_kv_pool, SWAKVPool) or isinstance(
            allocator, SWATokenToKVPoolAllocator
        )
        self._swa_kv_pool: Optional[SWAKVPool] = None
        if self.is_hybrid_swa:
            kv = self.token_to_kv_pool
            if not isinstance(kv, SWAKVPool):
                kv = allocator.get_kvcache()
            self._swa_kv_pool = kv
            logger.info(
                "hybrid SWA decode: swa_layers=%s full_layers=%s",
                kv.swa_layer_nums,
                kv.full_layer_nums,
            )
        self.forward_metadata = DecodeMetadata()

    def _max_num_pages(self) -> int:
        return _cdiv(self.max_context_len, self.page_size)

    def init_forward_metadata(self, seq_lens: torch.Tensor, out_cache_loc: torch.Tensor):
        md = DecodeMetadata(cache_seqlens=seq_lens.to(torch.int32))
        if self._swa_kv_pool is not None:
            md.swa_out_cache_loc = self._swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
