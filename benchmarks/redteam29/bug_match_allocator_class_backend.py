"""Decode backend that chooses its KV layout with a match statement at construction time."""

import enum
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    FULL = "full"
    HYBRID_SWA = "hybrid_swa"


def detect_layout(model_runner) -> KVLayout:
    match model_runner.token_to_kv_pool_allocator:
        case SWATokenToKVPoolAllocator():
            return KVLayout.HYBRID_SWA
        case _:
            return KVLayout.FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.layout = detect_layout(model_runner)
        self.cuda_graph_loc: Optional[torch.Tensor] = None
        logger.info("KV layout %s", self.layout.value)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def _read_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.layout is KVLayout.HYBRID_SWA:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._read_locations(loc)
