"""XPU decode backend that derives use_sliding_window_kv_pool from the configured SWA capacity."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class XPUDecodeMetadata:
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None
    max_seq_len_k: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_capacity = int(getattr(allocator, "size_swa", 0) or 0)
        self.use_sliding_window_kv_pool = self.swa_capacity > 0
        if self.use_sliding_window_kv_pool:
            logger.info("XPU attention: %d SWA token slots", self.swa_capacity)
        self.forward_metadata: Optional[XPUDecodeMetadata] = None

    def _build_page_tables(self, loc: torch.Tensor) -> XPUDecodeMetadata:
        page_table = loc.to(torch.int32)
        swa_page_table = None
        if self.use_sliding_window_kv_pool:
            swa_page_table = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return XPUDecodeMetadata(
            page_table=page_table,
            swa_page_table=swa_page_table,
            max_seq_len_k=int(loc.numel()),
        )

    def forward_decode(self, loc):
        self.forward_metadata = self._build_page_tables(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self.token_to_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, loc
