"""FlashMLA-style decode backend: the full->SWA map exposed as a property."""

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
        self.req_to_token = getattr(model_runner, "req_to_token_pool", None)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.buffers = DecodeBuffers()

    @property
    def full_to_swa_index_mapping(self) -> Optional[torch.Tensor]:
        """The remap table, or None when the KV cache has no sliding-window layers."""
        return getattr(self.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None)

    def _block_table(self, loc: torch.Tensor) -> torch.Tensor:
        mapping = self.full_to_swa_index_mapping
        if mapping is None:
            return loc
        return mapping[loc]

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.buffers.block_table = self._block_table(loc)
        self.buffers.seq_lens = torch.ones_like(loc, dtype=torch.int32)
        logger.debug("flashmla decode: %d tokens", loc.numel())

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.buffers.block_table
