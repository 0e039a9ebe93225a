"""Decode backend that duck-types the runner's own KV pool for sliding-window support."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    page_size: int = 1


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = getattr(allocator, "page_size", 1)
        # Any pool that can map full indices into its window sub-pool is hybrid;
        # new pool classes don't need to be registered here.
        self.has_window_pool = hasattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa")
        self.forward_metadata = DecodeMetadata(page_size=self.page_size)
        self.free_tokens_at_init = allocator.available_size()
        logger.info(
            "window pool=%s, free tokens=%d", self.has_window_pool, self.free_tokens_at_init
        )

    def init_forward_metadata(self, page_table: torch.Tensor):
        md = DecodeMetadata(page_table=page_table, page_size=self.page_size)
        if self.has_window_pool:
            md.swa_page_table = self.token_to_kv_pool.translate_loc_from_full_to_swa(page_table)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is None:
            return self.token_to_kv_pool, md.page_table
        return self.token_to_kv_pool, md.swa_page_table
