"""Decode backend that reads the allocator's page size and the runner's own pool for SWA."""

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
    swa_page_table: Optional[torch.Tensor] = None
    out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = getattr(model_runner, "device", "cpu")
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # The allocator owns paging; the pool only stores the buffers.
        self.page_size = max(1, int(getattr(allocator, "page_size", 1) or 1))
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.forward_metadata: Optional[DecodeMetadata] = None
        logger.debug(
            "decode backend: page_size=%d sliding_window_pool=%s",
            self.page_size,
            self.use_sliding_window_kv_pool,
        )

    def _num_pages(self, seq_len: int) -> int:
        return (seq_len + self.page_size - 1) // self.page_size

    def init_forward_metadata(self, seq_lens: torch.Tensor, out_cache_loc: torch.Tensor):
        metadata = DecodeMetadata(cache_seqlens=seq_lens.to(torch.int32))
        metadata.out_cache_loc = out_cache_loc
        if self.use_sliding_window_kv_pool:
            metadata.swa_page_table = self.token_to_kv_pool.translate_loc_from_full_to_swa(
                out_cache_loc
            )
        self.forward_metadata = metadata
        return metadata

    def forward_decode(self, loc):
        metadata = self.init_forward_metadata(torch.ones_like(loc), loc)
        if metadata.swa_page_table is not None:
            return self.token_to_kv_pool, metadata.swa_page_table
        return self.token_to_kv_pool, metadata.out_cache_loc
