"""Sliding-window aware decode for the intel-AMX / CPU attention backend.

``sliding_window_enabled`` is fixed at construction; drafts then swap in
their own KV pool in ``_apply_draft_overrides``.
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_threads: int = 0):
        self.num_threads = num_threads
        allocator = model_runner.token_to_kv_pool_allocator
        self.sliding_window_enabled = isinstance(allocator, SWATokenToKVPoolAllocator)
        self.kv_pool: KVCache = allocator.get_kvcache()
        self._apply_draft_overrides(model_runner)

    def _apply_draft_overrides(self, model_runner) -> None:
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            logger.debug("draft worker: switching to runner-owned KV pool")
            self.kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        if not self.sliding_window_enabled:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
