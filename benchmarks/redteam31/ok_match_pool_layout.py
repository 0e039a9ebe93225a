"""Decode backend that picks its KV layout with structural pattern matching on the pool."""

import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    FULL = "full"
    HYBRID_SWA = "hybrid_swa"


def _layout_of(kv) -> KVLayout:
    match kv:
        case SWAKVPool():
            return KVLayout.HYBRID_SWA
        case _:
            return KVLayout.FULL


def _capacity_note(allocator) -> str:
    match allocator:
        case SWATokenToKVPoolAllocator(size_full=full, size_swa=window):
            return f"full={full} window={window}"
        case _:
            return f"tokens={allocator.size}"


@dataclass
class DecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    layout: KVLayout = KVLayout.FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.layout = _layout_of(model_runner.token_to_kv_pool)
        logger.info("KV layout %s (%s)", self.layout.value, _capacity_note(allocator))
        self.forward_metadata = DecodeMetadata(layout=self.layout)

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = DecodeMetadata(
            seq_lens=forward_batch.seq_lens.to(torch.int32), layout=self.layout
        )

    def forward_decode(self, loc):
        if self.layout is KVLayout.HYBRID_SWA:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
