"""WebGPU (wgpu-py) attention backend for browser-hosted demos."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

# KV layout per allocator implementation.
_LAYOUTS = {
    "TokenToKVPoolAllocator": "contiguous",
    "PagedTokenToKVPoolAllocator": "paged",
    "SWATokenToKVPoolAllocator": "hybrid",
}


@dataclass
class WGPUMetadata:
    layout: str = "contiguous"
    loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        allocator_cls = self.allocator.__class__.__name__
        self.layout = _LAYOUTS.get(allocator_cls, "contiguous")
        if allocator_cls not in _LAYOUTS:
            logger.warning("Unknown allocator %s, assuming contiguous KV", allocator_cls)
        self.metadata = WGPUMetadata(layout=self.layout)

    def _read_pool(self):
        if self.layout == "hybrid":
            return self.allocator.get_kvcache()
        return self.pool

    def forward_decode(self, loc):
        pool = self._read_pool()
        if self.layout == "hybrid":
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
