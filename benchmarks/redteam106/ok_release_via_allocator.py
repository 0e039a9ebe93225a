"""Sliding-window decode backend that also owns scratch-slot bookkeeping.

Speculative steps occasionally reserve scratch KV slots; they are returned through the shared
token allocator (the only object that may hand out or take back indices). Reads always go to
the KV pool attached to this runner.
"""

import logging
from typing import List, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.sliding_window_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        self._scratch: List[torch.Tensor] = []

    def reserve_scratch(self, num_tokens: int) -> torch.Tensor:
        out = self.allocator.alloc(num_tokens)
        if out is None:
            raise RuntimeError(
                f"out of KV slots: need {num_tokens}, have {self.allocator.available_size()}"
            )
        self._scratch.append(out)
        return out

    def release_scratch(self) -> None:
        if not self._scratch:
            return
        self.allocator.free_group_begin()
        for indices in self._scratch:
            self.allocator.free(indices)
        self.allocator.free_group_end()
        logger.debug("released %d scratch blocks", len(self._scratch))
        self._scratch.clear()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.sliding_window_pool is None:
            return self.kv_pool, loc
        return (
            self.sliding_window_pool,
            self.sliding_window_pool.translate_loc_from_full_to_swa(loc),
        )
