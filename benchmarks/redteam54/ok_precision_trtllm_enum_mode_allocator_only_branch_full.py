"""TRT-LLM backend with an explicit KV read mode per worker."""

import enum
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVReadMode(enum.Enum):
    FULL = "full"
    SWA = "swa"
    # shares a hybrid allocator but reads its own full-only pool (EAGLE draft)
    FULL_ON_SHARED_SWA_ALLOCATOR = "full_shared"


def select_read_mode(pool, allocator) -> KVReadMode:
    if isinstance(pool, SWAKVPool):
        return KVReadMode.SWA
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        return KVReadMode.FULL_ON_SHARED_SWA_ALLOCATOR
    return KVReadMode.FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        self.mode = select_read_mode(self.pool, model_runner.token_to_kv_pool_allocator)
        logger.info("trtllm kv read mode: %s", self.mode.value)
        self.block_tables: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.block_tables = torch.zeros((max_bs, 1), dtype=torch.int32)

    def _indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.mode is KVReadMode.SWA:
            return self.pool.translate_loc_from_full_to_swa(loc)
        # FULL and FULL_ON_SHARED_SWA_ALLOCATOR read full locations as-is
        return loc

    def init_forward_metadata(self, loc: torch.Tensor):
        self.block_tables = self._indices(loc).view(-1, 1)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.pool, self.block_tables.view(-1)
