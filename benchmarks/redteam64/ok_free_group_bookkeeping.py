"""Decode backend with scratch-slot bookkeeping for speculative rollbacks.

Scratch KV slots used for a step are returned in a single free group so that the
allocator can merge and sort the free list once rather than on every release.
"""

import logging
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, scratch_slots: int = 2):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.kv_allocator = model_runner.token_to_kv_pool_allocator
        self.scratch_slots = scratch_slots
        self._pending_free: List[torch.Tensor] = []

        self.swa_kv_pool: Optional[SWAKVPool] = None
        if isinstance(self.kv_pool, SWAKVPool):
            self.swa_kv_pool = self.kv_pool

    def _take_scratch(self) -> Optional[torch.Tensor]:
        if self.scratch_slots <= 0:
            return None
        if self.kv_allocator.available_size() < self.scratch_slots:
            logger.warning("no room for scratch slots: %s", self.kv_allocator.debug_print())
            return None
        slots = self.kv_allocator.alloc(self.scratch_slots)
        if slots is not None:
            self._pending_free.append(slots)
        return slots

    def _flush_scratch(self) -> None:
        if not self._pending_free:
            return
        self.kv_allocator.free_group_begin()
        for slots in self._pending_free:
            self.kv_allocator.free(slots)
        self.kv_allocator.free_group_end()
        self._pending_free.clear()

    def forward_decode(self, loc: torch.Tensor):
        self._take_scratch()
        try:
            if self.swa_kv_pool is not None:
                swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
                return self.swa_kv_pool, swa_loc
            return self.kv_pool, loc
        finally:
            self._flush_scratch()
