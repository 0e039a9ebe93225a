"""Ascend NPU decode backend port for hybrid sliding-window models.

The NPU paged-attention op takes a block table; sliding-window layers use a block table in
SWA-pool slots, derived from the full-pool slots of the batch.
"""

from dataclasses import dataclass
from typing import Optional

import torch


@dataclass
class ForwardMetadata:
    block_tables: Optional[torch.Tensor] = None
    swa_block_tables: Optional[torch.Tensor] = None
    seq_lens_cpu_int: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """Ascend attention backend (decode) with a sliding-window block table."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.swa_size = getattr(self.token_to_kv_pool_allocator, "size_swa", None)
        self.is_hybrid_swa = self.swa_size is not None
        self.forward_metadata = ForwardMetadata()

    def _to_block_table(self, slots: torch.Tensor) -> torch.Tensor:
        return (slots // self.page_size).to(torch.int32).unsqueeze(1)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        md = ForwardMetadata()
        md.seq_lens_cpu_int = torch.ones(out_cache_loc.numel(), dtype=torch.int32)
        md.block_tables = self._to_block_table(out_cache_loc)
        if self.is_hybrid_swa:
            swa_slots = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(
                out_cache_loc
            )
            md.swa_block_tables = self._to_block_table(swa_slots)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        table = md.swa_block_tables if md.swa_block_tables is not None else md.block_tables
        return self.token_to_kv_pool, table.squeeze(1).to(torch.int64) * self.page_size
