"""Decode backend that keeps a structured description of its KV layout.

``describe()`` collects allocator and pool facts for startup logs; the decode
path reads the same dictionary so that what is logged is what runs.
"""

import logging
from typing import Any, Dict, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, name: str = "generated"):
        self.name = name
        self.is_draft_worker = model_runner.is_draft_worker
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self._layout = self.describe()
        logger.info("attention backend %s: %s", self.name, self._layout)

    def describe(self) -> Dict[str, Any]:
        allocator_is_hybrid = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        return {
            "backend": self.name,
            "draft": self.is_draft_worker,
            "allocator": type(self.allocator).__name__,
            "allocator_size_swa": self.allocator.size_swa if allocator_is_hybrid else None,
            "allocator_available": self.allocator.available_size(),
            "pool": type(self.pool).__name__,
            "swa_path": allocator_is_hybrid,
        }

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if not self._layout["swa_path"]:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
