"""Decode backend that sizes its sliding-window metadata from the allocator.

Hybrid allocators report a separate SWA capacity (``size_swa``); when present the
backend builds sliding-window slot indices in ``init_forward_metadata``.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    kv_indices: torch.Tensor
    swa_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        super().__init__()
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_capacity = getattr(allocator, "size_swa", None)
        self.is_hybrid_swa = self.swa_capacity is not None
        if self.is_hybrid_swa:
            logger.info("hybrid SWA decode enabled, swa capacity=%s", self.swa_capacity)
        self.forward_metadata: Optional[ForwardMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        swa_kv_indices = None
        if self.is_hybrid_swa:
            swa_kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = ForwardMetadata(kv_indices=loc, swa_kv_indices=swa_kv_indices)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_kv_indices is None:
            return self.token_to_kv_pool, md.kv_indices
        return self.token_to_kv_pool, md.swa_kv_indices
