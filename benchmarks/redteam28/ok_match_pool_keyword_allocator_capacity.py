"""Backend using match statements: on the pool for the read path, on the allocator for capacity."""

import enum
import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class ReadPath(enum.Enum):
    FULL = enum.auto()
    WINDOW = enum.auto()


def _capacity(allocator) -> int:
    match allocator:
        case SWATokenToKVPoolAllocator(size_swa=swa, size_full=full):
            return min(swa, full)
        case _:
            return allocator.size


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.capacity = _capacity(model_runner.token_to_kv_pool_allocator)
        match self.kv_pool:
            case SWAKVPool(swa_kv_pool=sub) if sub is not None:
                self.read_path = ReadPath.WINDOW
                self.swa_head_dim = sub.head_dim
            case _:
                self.read_path = ReadPath.FULL
                self.swa_head_dim = None
        self.kv_indices_buf = torch.zeros(self.capacity, dtype=torch.int64)
        logger.info("read path %s, capacity %d", self.read_path.name, self.capacity)

    def forward_decode(self, loc):
        match self.read_path:
            case ReadPath.WINDOW:
                return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
            case ReadPath.FULL:
                return self.kv_pool, loc
