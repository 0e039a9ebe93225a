"""Decode backend: the KV layout mode is chosen once in __init__ and read in forward."""

import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVLayoutMode(enum.Enum):
    FULL = "full"
    HYBRID_SWA = "hybrid_swa"


def _select_mode(token_to_kv_pool) -> KVLayoutMode:
    if isinstance(token_to_kv_pool, SWAKVPool):
        return KVLayoutMode.HYBRID_SWA
    return KVLayoutMode.FULL


@dataclass
class ForwardMetadata:
    mode: KVLayoutMode
    kv_locs: Optional[torch.Tensor] = None
    num_free_slots: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.mode = _select_mode(self.token_to_kv_pool)
        self.page_size = getattr(model_runner, "page_size", 1)
        self._hybrid_allocator = isinstance(
            self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        logger.info(
            "attention kv layout: %s (hybrid allocator: %s)",
            self.mode.value,
            self._hybrid_allocator,
        )

    def _free_slots(self) -> int:
        # free-slot metric only; a draft sees the target's SWA allocator here
        if self._hybrid_allocator:
            return self.token_to_kv_pool_allocator.swa_available_size()
        return self.token_to_kv_pool_allocator.available_size()

    def init_forward_metadata(self, loc: torch.Tensor) -> ForwardMetadata:
        md = ForwardMetadata(mode=self.mode, num_free_slots=self._free_slots())
        if self.mode is KVLayoutMode.HYBRID_SWA:
            md.kv_locs = self.token_to_kv_pool.full_to_swa_index_mapping[loc]
        else:
            md.kv_locs = loc
        return md

    def forward_decode(self, loc: torch.Tensor):
        md = self.init_forward_metadata(loc)
        return self.token_to_kv_pool, md.kv_locs
