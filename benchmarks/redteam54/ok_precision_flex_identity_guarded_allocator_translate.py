"""FlexAttention backend that borrows the allocator's translator when it owns our pool."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class FlexDecodeState:
    kv_indices: torch.Tensor
    block_mask: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None

        backing = allocator.get_kvcache()
        if backing is self.kv_pool and isinstance(backing, SWAKVPool):
            # same object: the allocator's map is the map of the pool we read
            self._translate = allocator.translate_loc_from_full_to_swa
        elif isinstance(backing, SWAKVPool):
            logger.info(
                "allocator backs %s, this worker reads %s; no SWA translation",
                type(backing).__name__,
                type(self.kv_pool).__name__,
            )
        self.state: Optional[FlexDecodeState] = None

    def _build_block_mask(self, n: int) -> torch.Tensor:
        return torch.ones((n, 1), dtype=torch.bool)

    def init_forward_metadata(self, loc: torch.Tensor):
        kv = self._translate(loc) if self._translate is not None else loc
        self.state = FlexDecodeState(kv, self._build_block_mask(loc.numel()))

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.state.kv_indices
