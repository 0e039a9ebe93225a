"""Decode backend that dispatches on KV object types for its window translator and capacity."""

import functools
import logging
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def window_translator(kv) -> Optional[Callable[[torch.Tensor], torch.Tensor]]:
    return None


@window_translator.register(SWAKVPool)
def _(kv):
    return kv.translate_loc_from_full_to_swa


@functools.singledispatch
def token_capacity(allocator) -> dict:
    return {"full": allocator.size}


@token_capacity.register(SWATokenToKVPoolAllocator)
def _(allocator):
    return {"full": allocator.size_full, "window": allocator.size_swa}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        self.capacity = token_capacity(allocator)
        self.max_pages = {k: -(-v // self.page_size) for k, v in self.capacity.items()}
        self._translate = window_translator(self.pool)
        logger.info("KV pages per side: %s", self.max_pages)
        self.window_out_cache_loc: Optional[torch.Tensor] = None

    def init_forward_metadata(self, forward_batch):
        if self._translate is not None:
            self.window_out_cache_loc = self._translate(forward_batch.out_cache_loc)

    def forward_decode(self, loc):
        if self._translate is not None:
            loc = self._translate(loc)
        return self.pool, loc
