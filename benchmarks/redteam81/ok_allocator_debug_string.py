"""Decode backend with verbose allocator diagnostics.

The allocator's ``debug_print`` output and SWA capacity are folded into the
backend's repr for crash dumps; they do not influence the read path.
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = False):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.verbose = verbose
        self._hybrid = isinstance(self.pool, SWAKVPool)

    def __repr__(self) -> str:
        alloc = self.allocator
        extra = (
            f", swa_size={alloc.size_swa}, {alloc.debug_print()}"
            if isinstance(alloc, SWATokenToKVPoolAllocator)
            else ""
        )
        return f"GeneratedAttnBackend(pool={type(self.pool).__name__}{extra})"

    def forward_decode(self, loc: torch.Tensor):
        self.verbose and logger.debug("%r decode on %d tokens", self, loc.numel())
        return self.pool, (self.pool.translate_loc_from_full_to_swa(loc) if self._hybrid else loc)
