"""Attention backend with a verbose ``__repr__`` for crash dumps.

The watchdog prints every backend when a step hangs; including the allocator
kind and its headroom makes those dumps much easier to read.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.page_size = model_runner.page_size
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

    def debug_string(self) -> str:
        alloc = self.model_runner.token_to_kv_pool_allocator
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            alloc_desc = (
                f"SWAAllocator(full={alloc.full_available_size()}/{alloc.size_full}, "
                f"swa={alloc.swa_available_size()}/{alloc.size_swa})"
            )
        else:
            alloc_desc = f"{type(alloc).__name__}(avail={alloc.available_size()})"
        return (
            f"{type(self).__name__}(page_size={self.page_size}, "
            f"pool={type(self.kv_pool).__name__}, allocator={alloc_desc})"
        )

    def __repr__(self) -> str:
        return self.debug_string()

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, swa_loc
