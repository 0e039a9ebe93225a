"""Decode backend driven by a KV memory snapshot.

The snapshot is taken once at construction and exported through
``dataclasses.asdict``; its ``hybrid_allocator`` flag also selects the
sliding-window decode path.
"""

import dataclasses
import logging
from dataclasses import dataclass
from typing import Any, Dict

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class KVSnapshot:
    allocator_cls: str
    hybrid_allocator: bool
    free_tokens: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.snapshot = KVSnapshot(
            allocator_cls=type(self.allocator).__name__,
            hybrid_allocator=isinstance(self.allocator, SWATokenToKVPoolAllocator),
            free_tokens=int(self.allocator.available_size()),
        )
        logger.info("attention kv snapshot: %s", self.snapshot_dict())

    def snapshot_dict(self) -> Dict[str, Any]:
        return dataclasses.asdict(self.snapshot)

    def _decode_pool(self):
        if self.snapshot.hybrid_allocator:
            return self.allocator.get_kvcache()
        return self.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        pool = self._decode_pool()
        if self.snapshot.hybrid_allocator:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
