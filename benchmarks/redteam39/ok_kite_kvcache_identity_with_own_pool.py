"""Decode backend that uses the allocator's hybrid cache only when it is its own pool."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class GraphBuffers:
    swa_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        managed = model_runner.token_to_kv_pool_allocator.get_kvcache()
        owns_allocator_cache = managed is self.token_to_kv_pool
        if not owns_allocator_cache:
            logger.info(
                "pool %s is not the allocator's %s (speculative draft?)",
                type(self.token_to_kv_pool).__name__,
                type(managed).__name__,
            )
        self.swa_pool: Optional[SWAKVPool] = (
            managed if owns_allocator_cache and isinstance(managed, SWAKVPool) else None
        )
        self.graph = GraphBuffers()
        if self.swa_pool is not None:
            self.graph.swa_loc = torch.zeros(
                model_runner.max_running_requests,
                dtype=torch.int64,
                device=model_runner.device,
            )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
