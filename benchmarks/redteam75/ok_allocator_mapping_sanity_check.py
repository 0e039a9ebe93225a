"""Hybrid decode backend with a debug-mode sanity check on the index mapping.

With ``debug_checks`` enabled, the backend verifies that the allocator's
full->window mapping covers every slot of the allocator before decode starts.
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, debug_checks: bool = True):
        self.debug_checks = debug_checks
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self._swa = isinstance(self.pool, SWAKVPool)
        if debug_checks:
            self._check_mapping()

    def _check_mapping(self) -> None:
        alloc = self.allocator
        if not isinstance(alloc, SWATokenToKVPoolAllocator):
            return
        mapping = getattr(alloc, "full_to_swa_index_mapping", None)
        if mapping is None:
            logger.warning("SWA allocator has no full->swa mapping registered yet")
            return
        if mapping.numel() < alloc.size_full:
            raise RuntimeError(
                f"full->swa mapping too small: {mapping.numel()} < {alloc.size_full}"
            )

    def forward_decode(self, loc: torch.Tensor):
        if self._swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
