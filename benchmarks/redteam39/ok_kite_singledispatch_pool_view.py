"""Decode backend resolving the sliding-window view of its pool with single dispatch."""

from __future__ import annotations

import functools
import logging
from typing import Optional

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def sliding_window_view(pool) -> Optional[object]:
    """The hybrid pool to translate against, if ``pool`` is one."""
    return None


@sliding_window_view.register(KVCache)
def _(pool):
    return None


@sliding_window_view.register(SWAKVPool)
def _(pool):
    return pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_view = sliding_window_view(self.token_to_kv_pool)
        if self.swa_view is not None:
            logger.info(
                "sliding-window layers translate through %s",
                type(self.swa_view).__name__,
            )

    def forward_decode(self, loc):
        if self.swa_view is not None:
            return self.swa_view, self.swa_view.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
