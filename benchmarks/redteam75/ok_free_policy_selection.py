"""Decode backend that also owns release of speculative scratch slots.

Rejected draft tokens are returned with ``release_slots``. On a hybrid
allocator, only the window side is released eagerly; the full side is left to
the regular request teardown.
"""

import logging
from typing import Callable

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, eager_release: bool = False):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.allocator = allocator
        self.eager_release = eager_release
        self._free_fn: Callable[[torch.Tensor], None]
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self._free_fn = allocator.free_swa
            self._free_desc = "free_swa"
        else:
            self._free_fn = allocator.free
            self._free_desc = "free"

    def release_slots(self, indices: torch.Tensor) -> None:
        if indices.numel() == 0:
            return
        logger.debug("releasing %d slots via %s", indices.numel(), self._free_desc)
        self._free_fn(indices)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        swa = pool if isinstance(pool, SWAKVPool) else None
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return pool, loc
