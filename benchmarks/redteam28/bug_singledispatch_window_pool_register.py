"""Backend that finds the window pool through a functools.singledispatch helper."""

import functools
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def window_pool_of(allocator) -> Optional[SWAKVPool]:
    """Dense allocators have no window pool."""
    return None


@window_pool_of.register
def _(allocator: SWATokenToKVPoolAllocator) -> Optional[SWAKVPool]:
    return allocator.get_kvcache()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = window_pool_of(model_runner.token_to_kv_pool_allocator)
        self.page_size = model_runner.page_size
        self.max_context_len = model_runner.model_config.context_len
        self.decode_page_table = torch.zeros(
            (model_runner.max_running_requests, self.max_context_len),
            dtype=torch.int32,
            device=model_runner.device,
        )
        if self.swa_pool is not None:
            logger.info("window pool: %d swa tokens", self.swa_pool.size_swa)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
