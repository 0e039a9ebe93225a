"""Decode backend that re-derives its KV layout on every memory-saver resume, so a
reloaded hybrid sliding-window cache is picked up without rebuilding the backend."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class _KVLayout:
    """What the backend needs to know about the cache after a (re)load."""

    def __init__(self, model_runner):
        self.refresh(model_runner)

    def refresh(self, model_runner) -> None:
        allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.total_tokens = int(allocator.size)
        self.hybrid = isinstance(allocator, SWATokenToKVPoolAllocator)
        self.full_to_swa: Optional[torch.Tensor] = (
            allocator.full_to_swa_index_mapping if self.hybrid else None
        )
        logger.info("KV layout: tokens=%d hybrid=%s", self.total_tokens, self.hybrid)


class GeneratedAttnBackend:
    """Hybrid sliding-window decode; layout refreshed after memory-saver resume."""

    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.layout = _KVLayout(model_runner)
        self.paused = False

    def release_memory_occupation(self):
        self.paused = True

    def resume_memory_occupation(self):
        # Buffers are re-mapped on resume; the mapping tensor may be a new object.
        self.layout.refresh(self.model_runner)
        self.paused = False

    def forward_decode(self, loc: torch.Tensor):
        if self.layout.full_to_swa is not None:
            return self.layout.pool, self.layout.full_to_swa[loc]
        return self.layout.pool, loc
