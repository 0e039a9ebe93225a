"""Decode backend that gathers SWA slots through the full->SWA mapping registered on its own pool."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class WindowMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size
        # The hybrid pool gets the allocator's mapping registered on it; a
        # full-only pool never has one.
        self._full_to_swa = getattr(self.token_to_kv_pool, "full_to_swa_index_mapping", None)
        self.forward_metadata = WindowMetadata()
        logger.debug(
            "allocator=%s mapping=%s",
            type(allocator).__name__,
            None if self._full_to_swa is None else tuple(self._full_to_swa.shape),
        )

    def init_forward_metadata(self, page_table: torch.Tensor):
        md = WindowMetadata(page_table=page_table)
        if self._full_to_swa is not None:
            md.swa_page_table = self._full_to_swa[page_table.long()]
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self.token_to_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
