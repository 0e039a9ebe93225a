"""Triton-style decode backend that gathers sliding-window slots with index_select.

For hybrid SWA pools, the full->SWA slot mapping lives on the pool; decode gathers
the translated slots with ``torch.index_select`` so the result stays contiguous and
can be handed to the kernel without a further copy.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeIndices:
    full_loc: torch.Tensor
    swa_loc: Optional[torch.Tensor] = None

    @property
    def read_loc(self) -> torch.Tensor:
        return self.swa_loc if self.swa_loc is not None else self.full_loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.skip_prefill = skip_prefill
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        if logger.isEnabledFor(logging.DEBUG):
            logger.debug("allocator state at backend init: %s", self.allocator.debug_print())
        self.forward_metadata: Optional[DecodeIndices] = None

    def _gather_swa(self, loc: torch.Tensor) -> torch.Tensor:
        mapping = self.swa_pool.full_to_swa_index_mapping
        return torch.index_select(mapping, 0, loc.to(mapping.device))

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        swa_loc = self._gather_swa(loc) if self.swa_pool is not None else None
        self.forward_metadata = DecodeIndices(full_loc=loc, swa_loc=swa_loc)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        pool = self.swa_pool if self.swa_pool is not None else self.kv_pool
        return pool, self.forward_metadata.read_loc
