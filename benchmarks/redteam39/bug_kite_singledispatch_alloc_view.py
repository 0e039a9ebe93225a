"""Decode backend resolving its sliding-window view with single dispatch."""

from __future__ import annotations

import functools
import logging
from typing import Optional

from sglang.srt.mem_cache.allocator.base import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@functools.singledispatch
def sliding_window_view(allocator) -> Optional[object]:
    """The KV cache holding sliding-window layers behind ``allocator``, if any."""
    return None


@sliding_window_view.register(BaseTokenToKVPoolAllocator)
def _(allocator):
    return None


@sliding_window_view.register(SWATokenToKVPoolAllocator)
def _(allocator):
    return allocator.get_kvcache()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_view = sliding_window_view(model_runner.token_to_kv_pool_allocator)
        if self.swa_view is not None:
            logger.info("sliding-window layers read from %s", type(self.swa_view).__name__)

    def forward_decode(self, loc):
        if self.swa_view is not None:
            return self.swa_view, self.swa_view.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
