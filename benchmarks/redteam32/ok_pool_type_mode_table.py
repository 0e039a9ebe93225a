"""Decode backend that looks its KV mode up in a table keyed by pool class."""

import logging
from typing import Dict, Type

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_POOL_MODES: Dict[Type, str] = {
    SWAKVPool: "hybrid_swa",
    MHATokenToKVPool: "full",
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size
        self.kv_mode = _POOL_MODES.get(type(self.token_to_kv_pool), "full")
        if isinstance(allocator, SWATokenToKVPoolAllocator) and self.kv_mode == "full":
            # EAGLE drafts share the target's hybrid allocator but keep a
            # full-attention pool of their own.
            logger.info("hybrid allocator with a full-attention pool (draft worker)")
        self._index_fns = {
            "hybrid_swa": self._swa_indices,
            "full": self._full_indices,
        }

    def _full_indices(self, loc: torch.Tensor) -> torch.Tensor:
        return loc

    def _swa_indices(self, loc: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._index_fns[self.kv_mode](loc)
