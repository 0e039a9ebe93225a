"""Decode backend with a small capability record computed from the memory objects."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass
class KVCapabilities:
    paged: bool
    windowed: bool
    page_size: int


def _capabilities(allocator) -> KVCapabilities:
    page_size = getattr(allocator, "page_size", 1)
    qualname = type(allocator).__qualname__
    return KVCapabilities(
        paged=page_size > 1,
        windowed=qualname.endswith("SWATokenToKVPoolAllocator"),
        page_size=page_size,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.caps = _capabilities(allocator)
        self.kv_pool = (
            allocator.get_kvcache() if self.caps.windowed else model_runner.token_to_kv_pool
        )
        self.decode_buffer = torch.empty(0, dtype=torch.int64, device=model_runner.device)
        logger.info("kv capabilities: %s", self.caps)

    def forward_decode(self, loc):
        if self.caps.windowed:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
