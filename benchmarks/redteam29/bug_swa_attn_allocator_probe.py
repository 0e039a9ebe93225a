"""Paged decode backend that enables its windowed path when the runner has a dedicated SWA sub-allocator."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class PagedDecodeMetadata:
    page_indices: Optional[torch.Tensor] = None
    swa_page_indices: Optional[torch.Tensor] = None
    num_pages: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        swa_sub_allocator = getattr(allocator, "swa_attn_allocator", None)
        self.enable_swa = swa_sub_allocator is not None
        self.forward_metadata = PagedDecodeMetadata()
        if self.enable_swa:
            logger.info(
                "SWA sub-allocator page_size=%s", getattr(swa_sub_allocator, "page_size", "?")
            )

    def _page_indices(self, loc: torch.Tensor) -> torch.Tensor:
        return torch.div(loc, self.page_size, rounding_mode="floor")

    def init_forward_metadata(self, loc: torch.Tensor):
        md = PagedDecodeMetadata(page_indices=loc, num_pages=int(loc.numel()))
        if self.enable_swa:
            md.swa_page_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_indices is None:
            return self.token_to_kv_pool, md.page_indices
        return self.token_to_kv_pool, md.swa_page_indices
