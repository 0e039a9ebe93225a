"""Intel Gaudi (HPU) attention backend adapted from the flashattention backend."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_HYBRID_ALLOCATOR_NAME = "SWATokenToKVPoolAllocator"


@dataclass
class HPUMetadata:
    block_list: Optional[torch.Tensor] = None
    block_usage: Optional[torch.Tensor] = None
    swa_block_list: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        self.metadata = HPUMetadata()

        allocator_name = type(model_runner.token_to_kv_pool_allocator).__name__
        logger.info("HPU attention backend using allocator %s", allocator_name)
        self.sliding_window_enabled = allocator_name == _HYBRID_ALLOCATOR_NAME

    def _block_list(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        return torch.div(out_cache_loc, self.page_size, rounding_mode="floor")

    def init_forward_metadata(self, forward_batch):
        loc = forward_batch.out_cache_loc
        self.metadata = HPUMetadata(
            block_list=self._block_list(loc),
            block_usage=(loc % self.page_size) + 1,
        )
        if self.sliding_window_enabled:
            swa_loc = self.pool.translate_loc_from_full_to_swa(loc)
            self.metadata.swa_block_list = self._block_list(swa_loc)

    def forward_decode(self, loc):
        if self.sliding_window_enabled:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
