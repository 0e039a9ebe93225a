"""Attention backend that publishes a dataclass snapshot of KV memory state.

``snapshot()`` is serialised with ``dataclasses.asdict`` for the metrics
exporter. The allocator flavour is recorded for dashboards only; the decode
path keys off the KV pool attached to this runner.
"""

import dataclasses
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class KVMemorySnapshot:
    allocator_kind: str
    allocator_is_hybrid: bool
    free_tokens: int
    pool_kind: str


class GeneratedAttnBackend:
    def __init__(self, model_runner, log_snapshot: bool = True):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = None
        if isinstance(self.kv_pool, SWAKVPool):
            self.swa_pool = self.kv_pool
        if log_snapshot:
            logger.info("kv snapshot: %s", dataclasses.asdict(self.snapshot()))

    def snapshot(self) -> KVMemorySnapshot:
        return KVMemorySnapshot(
            allocator_kind=type(self.allocator).__name__,
            allocator_is_hybrid=isinstance(self.allocator, SWATokenToKVPoolAllocator),
            free_tokens=int(self.allocator.available_size()),
            pool_kind=type(self.kv_pool).__name__,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
