"""Vulkan compute attention backend (experimental) with hybrid KV layout detection."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)

KV_LAYOUT_FULL = "full"
KV_LAYOUT_HYBRID = "hybrid_swa"


@dataclass
class VulkanMetadata:
    kv_loc: Optional[torch.Tensor] = None
    layout: str = KV_LAYOUT_FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.metadata = VulkanMetadata()
        logger.info("Vulkan attention backend: kv layout %s", self.kv_layout)

    @property
    def kv_layout(self) -> str:
        allocator = self.model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            return KV_LAYOUT_HYBRID
        return KV_LAYOUT_FULL

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        return self.kv_pool.full_to_swa_index_mapping[loc]

    def init_forward_metadata(self, forward_batch):
        layout = self.kv_layout
        loc = forward_batch.out_cache_loc
        if layout == KV_LAYOUT_HYBRID:
            loc = self._translate(loc)
        self.metadata = VulkanMetadata(kv_loc=loc, layout=layout)

    def forward_decode(self, loc):
        if self.kv_layout == KV_LAYOUT_HYBRID:
            loc = self._translate(loc)
        return self.kv_pool, loc
