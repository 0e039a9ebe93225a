"""Decode backend that keeps a per-step stats dict of the allocator's free slots (both halves
of a hybrid allocator) next to the window decision, which comes from the KV pool."""

from __future__ import annotations

import logging
from typing import Dict, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def allocator_free_slots(allocator) -> Dict[str, Optional[int]]:
    stats: Dict[str, Optional[int]] = {"full": allocator.available_size(), "swa": None}
    swa_query = getattr(allocator, "swa_available_size", None)
    if swa_query is not None:
        stats["swa"] = swa_query()
    return stats


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.stats = allocator_free_slots(self.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        self.stats = allocator_free_slots(self.token_to_kv_pool_allocator)
        logger.debug("free slots before decode: %s", self.stats)
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
