"""Decode backend that logs a structured description of its KV layout.

``describe()`` collects allocator and pool facts (class names, capacities,
whether the SWA path is active) for startup logs and ``/get_server_info``-style
debug dumps. Dispatch itself only looks at the active pool.
"""

import logging
from typing import Any, Dict, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, name: str = "generated"):
        self.name = name
        self.is_draft_worker = model_runner.is_draft_worker
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        logger.info("attention backend %s: %s", self.name, self.describe())

    def describe(self) -> Dict[str, Any]:
        allocator_is_hybrid = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        return {
            "backend": self.name,
            "draft": self.is_draft_worker,
            "allocator": type(self.allocator).__name__,
            "allocator_hybrid": allocator_is_hybrid,
            "allocator_size_swa": self.allocator.size_swa if allocator_is_hybrid else None,
            "allocator_available": self.allocator.available_size(),
            "pool": type(self.pool).__name__,
            "swa_path": self.swa_pool is not None,
        }

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
