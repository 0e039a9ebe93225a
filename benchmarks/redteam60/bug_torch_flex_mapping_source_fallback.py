"""Torch flex-attention decode backend port for hybrid sliding-window models.

Sliding-window layers gather K/V through a block mask over SWA-pool slots; the full->SWA
index table is taken from whichever KV object exposes it.
"""

from dataclasses import dataclass
from typing import Optional

import torch


@dataclass
class FlexDecodeMetadata:
    kv_slots: torch.Tensor
    kv_len: torch.Tensor
    block_mask: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """Flex-attention backend (decode) with optional SWA slot remapping."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # The index table is registered on the allocator and mirrored on SWA pools.
        source = (
            self.token_to_kv_pool
            if hasattr(self.token_to_kv_pool, "full_to_swa_index_mapping")
            else allocator
        )
        self.full_to_swa_index_mapping: Optional[torch.Tensor] = getattr(
            source, "full_to_swa_index_mapping", None
        )
        self.metadata: Optional[FlexDecodeMetadata] = None

    def _build_block_mask(self, bs: int) -> torch.Tensor:
        return torch.ones((bs, 1), dtype=torch.bool, device=self.device)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        slots = out_cache_loc.to(torch.int64)
        if self.full_to_swa_index_mapping is not None:
            slots = self.full_to_swa_index_mapping[slots].to(torch.int64)
        self.metadata = FlexDecodeMetadata(
            kv_slots=slots,
            kv_len=torch.ones(slots.numel(), dtype=torch.int32, device=self.device),
            block_mask=self._build_block_mask(slots.numel()),
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.metadata.kv_slots
