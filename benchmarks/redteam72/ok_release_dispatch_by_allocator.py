"""Decode backend that also returns out-of-window slots to the allocator.

Tokens that slide out of the attention window can be released early on hybrid
allocators via ``free_swa``; plain allocators keep them until request end.
The decode read path is driven by the runner's pool.
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, eager_window_release: bool = False):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.eager_window_release = eager_window_release
        self.released_tokens = 0

    def release_out_of_window(self, full_loc: torch.Tensor) -> int:
        """Free sliding-window slots for ``full_loc``; returns the number released."""
        if not self.eager_window_release or full_loc.numel() == 0:
            return 0
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            self.allocator.free_swa(full_loc)
            self.released_tokens += full_loc.numel()
            return full_loc.numel()
        logger.debug("allocator %s has no window release", type(self.allocator).__name__)
        return 0

    def forward_decode(self, loc: torch.Tensor):
        pool = self.kv_pool
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
