"""Qualcomm Hexagon NPU attention backend (prototype) with per-allocator KV modes."""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator import TokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class KVMode(enum.Enum):
    DENSE = enum.auto()
    SLIDING = enum.auto()
    PAGED = enum.auto()


@dataclass
class HexagonMetadata:
    mode: KVMode = KVMode.DENSE
    loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool

        match model_runner.token_to_kv_pool_allocator:
            case SWATokenToKVPoolAllocator():
                self.mode = KVMode.SLIDING
            case TokenToKVPoolAllocator() if self.page_size == 1:
                self.mode = KVMode.DENSE
            case _:
                self.mode = KVMode.PAGED
        logger.info("Hexagon backend KV mode: %s", self.mode.name)
        self.metadata = HexagonMetadata(mode=self.mode)

    def init_forward_metadata(self, forward_batch):
        self.metadata = HexagonMetadata(mode=self.mode, loc=forward_batch.out_cache_loc)

    def forward_decode(self, loc):
        if self.mode is KVMode.SLIDING:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
