"""Decode backend with a debug dump naming the allocator class; SWA comes from its own pool."""

import json
import logging
from dataclasses import asdict, dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class BackendDump:
    backend: str
    allocator: str
    hybrid_allocator: bool
    pool: str
    sliding_window_pool: bool
    allocator_state: str
    page_size: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool = self.token_to_kv_pool
        if logger.isEnabledFor(logging.DEBUG):
            logger.debug("%s", json.dumps(asdict(self.dump())))

    def dump(self) -> BackendDump:
        allocator = self.model_runner.token_to_kv_pool_allocator
        return BackendDump(
            backend=type(self).__name__,
            allocator=type(allocator).__name__,
            hybrid_allocator=isinstance(allocator, SWATokenToKVPoolAllocator),
            pool=type(self.token_to_kv_pool).__name__,
            sliding_window_pool=self.swa_kv_pool is not None,
            allocator_state=allocator.debug_print(),
            page_size=int(getattr(allocator, "page_size", 1)),
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
