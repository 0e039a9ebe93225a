"""Backend that reads the window mapping off its own pool at metadata time."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_swa = isinstance(self.token_to_kv_pool, SWAKVPool)
        if self.use_swa:
            allocator = model_runner.token_to_kv_pool_allocator
            logger.info(
                "window mapping: %s slots (allocator %s)",
                tuple(allocator.full_to_swa_index_mapping.shape),
                type(allocator).__name__,
            )

    def init_forward_metadata(self, loc: torch.Tensor) -> ForwardMetadata:
        md = ForwardMetadata(page_table=loc)
        if self.use_swa:
            mapping = self.token_to_kv_pool.full_to_swa_index_mapping
            md.swa_page_table = mapping[loc].to(loc.dtype)
        return md

    def forward_decode(self, loc):
        md = self.init_forward_metadata(loc)
        if md.swa_page_table is not None:
            return self.token_to_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
