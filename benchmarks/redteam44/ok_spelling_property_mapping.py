"""FlashMLA-style decode backend: remap table and SWA capacity exposed as properties."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeBuffers:
    block_table: Optional[torch.Tensor] = None
    seq_lens: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.buffers = DecodeBuffers()
        logger.info("flashmla decode: swa capacity %d tokens", self.swa_capacity)

    @property
    def swa_capacity(self) -> int:
        """Sliding-window slots the scheduler may hand out (reporting only)."""
        alloc = self.token_to_kv_pool_allocator
        return int(getattr(alloc, "size_swa", getattr(alloc, "size", 0)))

    @property
    def full_to_swa_index_mapping(self) -> Optional[torch.Tensor]:
        """The remap table of the pool we read, or None when it has no sliding-window layers."""
        return getattr(self.token_to_kv_pool, "full_to_swa_index_mapping", None)

    def _block_table(self, loc: torch.Tensor) -> torch.Tensor:
        mapping = self.full_to_swa_index_mapping
        if mapping is None:
            return loc
        return mapping[loc]

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.buffers.block_table = self._block_table(loc)
        self.buffers.seq_lens = torch.ones_like(loc, dtype=torch.int32)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.buffers.block_table
