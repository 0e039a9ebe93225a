"""Decode backend resolving the windowed cache via a static helper.

``_pick_windowed`` takes the pieces explicitly (runner, pool, slot allocator)
so it can be unit tested without a full runner.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, page_size: Optional[int] = None):
        super().__init__()
        runner = model_runner
        pool, slot_allocator = runner.token_to_kv_pool, runner.token_to_kv_pool_allocator
        self.pool = pool
        self.page_size = page_size or runner.page_size
        self.windowed = self._pick_windowed(runner, pool, slot_allocator)
        logger.info("windowed cache: %s", type(self.windowed).__name__)

    @staticmethod
    def _pick_windowed(runner, pool: KVCache, slot_allocator) -> Optional[SWAKVPool]:
        if isinstance(pool, SWAKVPool):
            return pool
        spec = runner.spec_algorithm
        if runner.is_draft_worker and not spec.is_frozen_kv_mtp():
            return None
        shared = slot_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
        return None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        win = self.windowed
        if win is None:
            return self.pool, loc
        return win, win.translate_loc_from_full_to_swa(loc)
