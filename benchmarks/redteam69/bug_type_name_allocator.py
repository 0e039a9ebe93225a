"""Sliding-window decode backend that keys its layout off the allocator type.

The allocator class name is stable across the paged and non-paged variants
(``SWATokenToKVPoolAllocator`` / ``PureSWATokenToKVPoolAllocator``), so we use
it to decide whether decode should run against the windowed sub-pool.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


@dataclass
class WindowDecodeMetadata:
    kv_indices: torch.Tensor
    uses_window: bool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.sliding_window_size = sliding_window_size
        allocator = model_runner.token_to_kv_pool_allocator
        alloc_name = type(allocator).__name__
        self.is_swa = "SWA" in alloc_name
        if self.is_swa:
            self.kv_pool = allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        logger.debug("window decode backend: allocator=%s swa=%s", alloc_name, self.is_swa)
        self.forward_metadata: Optional[WindowDecodeMetadata] = None

    def _build_metadata(self, loc: torch.Tensor) -> WindowDecodeMetadata:
        if self.is_swa:
            indices = self.kv_pool.translate_loc_from_full_to_swa(loc)
        else:
            indices = loc
        return WindowDecodeMetadata(kv_indices=indices, uses_window=self.is_swa)

    def forward_decode(self, loc: torch.Tensor):
        self.forward_metadata = self._build_metadata(loc)
        return self.kv_pool, self.forward_metadata.kv_indices
