"""Paged hybrid decode backend whose page math comes from the allocator's page size."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class PageMetadata:
    num_pages: Optional[torch.Tensor] = None
    last_page_len: Optional[torch.Tensor] = None
    swa_out_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = getattr(allocator, "page_size", 1)
        self.pool = model_runner.token_to_kv_pool
        self.is_swa_pool = type(self.pool).__name__.startswith("SWA") and isinstance(
            self.pool, SWAKVPool
        )
        self.metadata = PageMetadata()
        self.max_pages = (
            model_runner.model_config.context_len + self.page_size - 1
        ) // self.page_size
        logger.debug("page_size=%d max_pages=%d", self.page_size, self.max_pages)

    def init_forward_metadata(self, seq_lens: torch.Tensor, out_cache_loc: torch.Tensor):
        self.metadata.num_pages = (seq_lens + self.page_size - 1) // self.page_size
        self.metadata.last_page_len = (seq_lens - 1) % self.page_size + 1
        if self.is_swa_pool:
            self.metadata.swa_out_loc = self.pool.translate_loc_from_full_to_swa(out_cache_loc)

    def forward_decode(self, loc):
        if self.is_swa_pool:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
